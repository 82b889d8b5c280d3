import PacerCore
import PacerSystem
import PacerWeekPlan

/// Which sessions to read: all of them unless narrowed.
public struct SessionFilter: Sendable {
    /// Only sessions of the workout with exactly this name.
    public var workout: String?
    /// Only sessions started on this local day or later.
    public var since: CalendarDay?
    /// At most this many, the newest.
    public var limit: Int?
    /// Only sessions with a phase of exactly this exercise, and of their phases only those.
    public var exercise: String?

    public init(workout: String? = nil, since: CalendarDay? = nil, limit: Int? = nil, exercise: String? = nil) {
        self.exercise = exercise
        self.workout = workout
        self.since = since
        self.limit = limit
    }
}

extension HistoryStore {
    /// Sessions matching `filter`, newest first; their phases too when `withPhases`.
    public func sessions(_ filter: SessionFilter = SessionFilter(), withPhases: Bool = false) throws(HistoryError) -> [SessionRecord] {
        try attempt { () throws(SQLiteError) in
            var sessions = try database.query(Self.sessionColumns + """
                WHERE (?1 IS NULL OR s.workout = ?1) AND (?2 IS NULL OR s.started_at + s.utc_offset >= ?2)
                  AND (?4 IS NULL OR EXISTS (SELECT 1 FROM phases p WHERE p.session = s.id AND p.exercise = ?4))
                ORDER BY s.started_at DESC, s.id DESC LIMIT ?3
                """, [filter.workout.map(SQLiteValue.text) ?? .null,
                      filter.since.map { .integer(Int64($0.number) * 86_400) } ?? .null,
                      .integer(Int64(filter.limit ?? -1)), filter.exercise.map(SQLiteValue.text) ?? .null], Self.session)
            if withPhases {
                for index in sessions.indices { sessions[index].phases = try phases(of: sessions[index].id, exercise: filter.exercise) }
            }
            return sessions
        }
    }

    /// One session with its phases, or nil when there is no session with that id.
    public func session(id: Int64) throws(HistoryError) -> SessionRecord? {
        try attempt { () throws(SQLiteError) in
            guard var session = try database.query(Self.sessionColumns + "WHERE s.id = ?", [.integer(id)], Self.session).first else {
                return nil
            }
            session.phases = try phases(of: id, exercise: nil)
            return session
        }
    }

    /// Every session in the short form statistics use, oldest first; with `since`, only those
    /// started from that local day on, and perhaps a few of the day before (the local day of a
    /// start depends on its UTC offset, so the index is read from the earliest it can begin).
    public func summaries(since: CalendarDay? = nil) throws(HistoryError) -> [SessionOverview] {
        try attempt { () throws(SQLiteError) in
            try database.query("""
                SELECT s.id, s.workout, s.started_at, s.utc_offset, \(Self.activeColumn), s.outcome, s.file, \(Self.runnerColumns)
                FROM sessions s \(since == nil ? "" : "WHERE s.started_at >= ?1 ")ORDER BY s.started_at, s.id
                """, since.map { [.integer(Int64($0.number) * 86_400 - Self.largestUTCOffset)] } ?? []) { row in
                let outcome = row.text(5).flatMap(SessionOutcome.init)
                return SessionOverview(id: row.integer(0) ?? 0, workout: row.text(1) ?? "", file: row.text(6) ?? "",
                                       started: WallTime(epochSeconds: row.integer(2) ?? 0, utcOffset: Int(row.integer(3) ?? 0)),
                                       active: Self.duration(row.real(4) ?? 0), outcome: outcome,
                                       isRunning: Self.isRunning(row, outcome: outcome, runnerFrom: 7))
            }
        }
    }

    /// The sets of the exercises `session` logged sets of, in every session, in the order recorded.
    func strengthSets(ofExercisesIn session: Int64) throws(HistoryError) -> [StrengthSet] {
        try attempt { () throws(SQLiteError) in
            let logged = try database.query("""
                SELECT 1 FROM phases WHERE session = ? AND reps > 0 AND weight_value > 0 LIMIT 1
                """, [.integer(session)]) { _ in true }
            guard !logged.isEmpty else { return [] }
            return try database.query("""
                SELECT session, exercise, reps, weight_value, weight_unit FROM phases
                WHERE reps > 0 AND weight_value > 0
                  AND exercise IN (SELECT exercise FROM phases WHERE session = ?1 AND reps > 0 AND weight_value > 0)
                ORDER BY session, id
                """, [.integer(session)], Self.strengthSet)
        }
    }

    /// Every set logged with reps and a numeric weight, in the order recorded.
    public func strengthSets() throws(HistoryError) -> [StrengthSet] {
        try attempt { () throws(SQLiteError) in
            try database.query("""
                SELECT session, exercise, reps, weight_value, weight_unit FROM phases
                WHERE reps > 0 AND weight_value > 0 ORDER BY session, id
                """, [], Self.strengthSet)
        }
    }

    private static func strengthSet(_ row: SQLiteRow) -> StrengthSet {
        StrengthSet(session: row.integer(0) ?? 0, exercise: row.text(1) ?? "", reps: Int(row.integer(2) ?? 0),
                    weight: row.real(3) ?? 0, unit: row.text(4))
    }

    /// Every open step ended with `done`, with its time taken, oldest session first.
    public func timedEfforts() throws(HistoryError) -> [TimedEffort] {
        try attempt { () throws(SQLiteError) in
            try database.query("""
                SELECT p.session, ifnull(p.exercise, p.name), p.distance, p.active FROM phases p JOIN sessions s ON s.id = p.session
                WHERE p.is_open = 1 AND p.outcome = 'completed' ORDER BY s.started_at, s.id, p.id
                """) { row in
                TimedEffort(session: row.integer(0) ?? 0, exercise: row.text(1) ?? "", distance: row.text(2),
                            time: Self.duration(row.real(3) ?? 0))
            }
        }
    }

    /// The statistics of the whole history, as of `today`, with `plan` against it when there is one.
    public func statistics(today: CalendarDay, plan: WeekPlan? = nil) throws(HistoryError) -> Statistics {
        Statistics(sessions: try summaries(), sets: try strengthSets(), efforts: try timedEfforts(), weighIns: try weighIns(), plan: plan, today: today)
    }

    /// How session `id` stands against the sessions before it, and `plan` when there is one; nil
    /// when there is no such session.
    ///
    /// Only the sessions it can depend on are read: those of its week and of its streak. The
    /// streak is not known before, so the days read start a week before the week's Monday and
    /// go back further while the streak reaches the first of them.
    public func standing(ofSession id: Int64, plan: WeekPlan? = nil) throws(HistoryError) -> SessionStanding? {
        guard let day = try startDay(ofSession: id) else { return nil }
        let sets = try strengthSets(ofExercisesIn: id)
        var since = day.monday.adding(days: -7)
        while true {
            guard let standing = SessionStanding(session: id, sessions: try summaries(since: since), sets: sets, plan: plan) else { return nil }
            guard standing.streak > day.number - since.number else { return standing }
            since = since.adding(days: -4 * (day.number - since.number))
        }
    }

    /// The local day `session` started on; nil when there is no such session.
    private func startDay(ofSession id: Int64) throws(HistoryError) -> CalendarDay? {
        try attempt { () throws(SQLiteError) in
            try database.query("SELECT started_at, utc_offset FROM sessions WHERE id = ?", [.integer(id)]) { row in
                WallTime(epochSeconds: row.integer(0) ?? 0, utcOffset: Int(row.integer(1) ?? 0)).localDay
            }.first
        }
    }

    /// The largest offset of local time from UTC, in seconds (UTC+14, Kiribati's Line Islands).
    private static let largestUTCOffset: Int64 = 14 * 3600

    /// The phases of `session` in the order recorded; only those of `exercise` when it is given.
    private func phases(of session: Int64, exercise: String?) throws(SQLiteError) -> [PhaseRecord] {
        try database.query("""
            SELECT idx, kind, name, exercise, planned, active, outcome, reps, weight_text, weight_value, weight_unit, is_open, distance
            FROM phases WHERE session = ?1 AND (?2 IS NULL OR exercise = ?2) ORDER BY id
            """, [.integer(session), exercise.map(SQLiteValue.text) ?? .null]) { row in
            PhaseRecord(index: Int(row.integer(0) ?? 0), kind: row.text(1).flatMap(PhaseKind.init) ?? .work,
                        name: row.text(2) ?? "", exercise: row.text(3), planned: row.real(4).map(Self.duration),
                        active: Self.duration(row.real(5) ?? 0), outcome: row.text(6).flatMap(PhaseOutcome.init) ?? .completed,
                        reps: row.integer(7).map { Int($0) },
                        weight: row.text(8).map { LoggedWeight(text: $0, value: row.real(9), unit: row.text(10)) },
                        isOpen: row.integer(11) == 1, distance: row.text(12))
        }
    }

    /// A session's active time: from its end, or the phases recorded when it never ended.
    private static let activeColumn = "COALESCE(s.active, (SELECT total(p.active) FROM phases p WHERE p.session = s.id))"

    /// Who records a session: the pid, start ticks and boot of its process, read by `isRunning`.
    private static let runnerColumns = "s.runner_pid, s.runner_start, s.runner_boot"

    /// Whether a session with no outcome is still recorded by a live process, from the runner
    /// columns starting at `first`.
    private static func isRunning(_ row: SQLiteRow, outcome: SessionOutcome?, runnerFrom first: Int32) -> Bool {
        guard outcome == nil, let pid = row.integer(first).flatMap(Int32.init(exactly:)), let ticks = row.integer(first + 1),
              let boot = row.text(first + 2) else { return false }
        return ProcessIdentity(pid: pid, startTicks: ticks, boot: boot).isRunning
    }

    private static let sessionColumns = """
        SELECT s.id, s.workout, s.file, s.started_at, s.utc_offset, s.ended, s.outcome, s.planned, \(activeColumn),
               s.paused, s.speed, (SELECT count(*) FROM phases p WHERE p.session = s.id AND p.reps IS NOT NULL), \(runnerColumns)
        FROM sessions s

        """

    private static func session(_ row: SQLiteRow) -> SessionRecord {
        let outcome = row.text(6).flatMap(SessionOutcome.init)
        return SessionRecord(
            id: row.integer(0) ?? 0, workout: row.text(1) ?? "", file: row.text(2) ?? "",
            started: WallTime(epochSeconds: row.integer(3) ?? 0, utcOffset: Int(row.integer(4) ?? 0)),
            ended: row.text(5).flatMap(WallTime.init(iso8601:)), outcome: outcome,
            isRunning: isRunning(row, outcome: outcome, runnerFrom: 12),
            planned: duration(row.real(7) ?? 0), active: duration(row.real(8) ?? 0), paused: row.real(9).map(duration),
            speed: row.real(10) ?? 1, setsLogged: Int(row.integer(11) ?? 0), phases: [])
    }

    private static func duration(_ seconds: Double) -> WorkoutDuration {
        WorkoutDuration(milliseconds: Int64((seconds * 1000).rounded()))
    }
}
