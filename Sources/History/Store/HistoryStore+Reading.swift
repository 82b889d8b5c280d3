import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWeekPlan
import PacerWorkout

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
            var sessions = try database.query(
                Self.sessionColumns + """
                    WHERE (?1 IS NULL OR s.workout = ?1) AND (?2 IS NULL OR s.started_at + s.utc_offset >= ?2)
                      AND (?4 IS NULL OR EXISTS (SELECT 1 FROM phases p WHERE p.session = s.id AND p.exercise = ?4))
                    ORDER BY s.started_at DESC, s.id DESC LIMIT ?3
                    """,
                [
                    filter.workout.map(SQLiteValue.text) ?? .null,
                    filter.since.map { .integer(Int64($0.number) * 86_400) } ?? .null,
                    .integer(Int64(filter.limit ?? -1)), filter.exercise.map(SQLiteValue.text) ?? .null,
                ], sessionRecord
            ).compactMap { $0 }
            if withPhases {
                for index in sessions.indices {
                    sessions[index].phases = try phases(of: sessions[index].id, exercise: filter.exercise)
                    sessions[index].pauses = try pauses(of: sessions[index].id)
                }
            }
            return sessions
        }
    }

    /// One session with its phases, or nil when there is no session with that id or it cannot be
    /// read (then noted in `unreadableRows`).
    public func session(id: Int64) throws(HistoryError) -> SessionRecord? {
        try attempt { () throws(SQLiteError) in
            guard var session = try database.query(Self.sessionColumns + "WHERE s.id = ?", [.integer(id)], sessionRecord).first ?? nil
            else {
                return nil
            }
            session.phases = try phases(of: id, exercise: nil)
            session.pauses = try pauses(of: id)
            return session
        }
    }

    /// Every session in the short form statistics use, oldest first; with `since`, only those
    /// started from that local day on, and perhaps a few of the day before (the local day of a
    /// start depends on its UTC offset, so the index is read from the earliest it can begin).
    public func summaries(since: CalendarDay? = nil) throws(HistoryError) -> [SessionOverview] {
        try attempt { () throws(SQLiteError) in
            try database.query(
                """
                SELECT s.id, s.workout, s.started_at, s.utc_offset, \(Self.activeColumn), s.outcome, s.file, \(Self.runnerColumns),
                       s.planned, s.paused, s.speed, \(Self.stressColumns)
                FROM sessions s \(since == nil ? "" : "WHERE s.started_at >= ?1 ")ORDER BY s.started_at, s.id
                """, since.map { [.integer(Int64($0.number) * 86_400 - Self.largestUTCOffset)] } ?? []
            ) { row in
                let id = row.integer(0) ?? 0
                return checked(row, "session #\(id)") { checked in
                    let started = checked.wallTime(seconds: 2, offset: 3, "started")
                    let active = checked.duration(4, "active")
                    let planned = checked.duration(10, "planned")
                    // Read only to be checked: a session is left out of every report or of none.
                    _ = (checked.duration(11, "paused"), checked.speed(12), checked.ftp(13))
                    let outcome = row.text(5).flatMap(SessionOutcome.init)
                    return SessionOverview(
                        id: id, workout: row.text(1) ?? "", file: row.text(6) ?? "",
                        started: started ?? WallTime(epochSeconds: 0, utcOffset: 0), active: active ?? .zero,
                        outcome: outcome, isRunning: Self.isRunning(row, outcome: outcome, runnerFrom: 7),
                        stress: Self.stress(&checked, from: 14, active: active, planned: planned))
                }
            }.compactMap { $0 }
        }
    }

    /// The sets of the exercises `session` logged sets of, in every session, in the order recorded.
    func strengthSets(ofExercisesIn session: Int64) throws(HistoryError) -> [StrengthSet] {
        try attempt { () throws(SQLiteError) in
            let logged = try database.query(
                """
                SELECT 1 FROM phases WHERE session = ? AND reps > 0 AND weight_value > 0 LIMIT 1
                """, [.integer(session)]
            ) { _ in true }
            guard !logged.isEmpty else { return [] }
            return try database.query(
                """
                SELECT session, exercise, reps, weight_value, weight_unit, id FROM phases
                WHERE reps > 0 AND weight_value > 0
                  AND exercise IN (SELECT exercise FROM phases WHERE session = ?1 AND reps > 0 AND weight_value > 0)
                ORDER BY session, id
                """, [.integer(session)], strengthSet
            ).compactMap { $0 }
        }
    }

    /// Every set logged with reps and a numeric weight, in the order recorded.
    public func strengthSets() throws(HistoryError) -> [StrengthSet] {
        try attempt { () throws(SQLiteError) in
            try database.query(
                """
                SELECT session, exercise, reps, weight_value, weight_unit, id FROM phases
                WHERE reps > 0 AND weight_value > 0 ORDER BY session, id
                """, [], strengthSet
            ).compactMap { $0 }
        }
    }

    /// A set from the columns session, exercise, reps, weight_value, weight_unit and id; nil when
    /// its reps or weight cannot be read.
    private func strengthSet(_ row: SQLiteRow) -> StrengthSet? {
        let session = row.integer(0) ?? 0
        return checked(row, Self.phaseName(id: row.integer(5) ?? 0, session: session)) { checked in
            let reps = checked.reps(2)
            let weight = checked.weight(3)
            return StrengthSet(session: session, exercise: row.text(1) ?? "", reps: reps ?? 0, weight: weight ?? 0, unit: row.text(4))
        }
    }

    /// `phase row 40 of session #12`.
    private static func phaseName(id: Int64, session: Int64) -> String {
        "phase row \(id) of session #\(session)"
    }

    /// Every open step ended with `done`, with its time taken, oldest session first.
    public func timedEfforts() throws(HistoryError) -> [TimedEffort] {
        try attempt { () throws(SQLiteError) in
            try database.query(
                """
                SELECT p.session, ifnull(p.exercise, p.name), p.distance, p.active, p.id FROM phases p JOIN sessions s ON s.id = p.session
                WHERE p.is_open = 1 AND p.outcome = 'completed' ORDER BY s.started_at, s.id, p.id
                """
            ) { row in
                let session = row.integer(0) ?? 0
                return checked(row, Self.phaseName(id: row.integer(4) ?? 0, session: session)) { checked in
                    let time = checked.duration(3, "active")
                    return TimedEffort(session: session, exercise: row.text(1) ?? "", distance: row.text(2), time: time ?? .zero)
                }
            }.compactMap { $0 }
        }
    }

    /// The statistics of the whole history, as of `today`, with `plan` against it when there is one.
    public func statistics(today: CalendarDay, plan: WeekPlan? = nil) throws(HistoryError) -> Statistics {
        Statistics(
            sessions: try summaries(), sets: try strengthSets(), efforts: try timedEfforts(), weighIns: try weighIns(), plan: plan,
            today: today)
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
            guard let standing = SessionStanding(session: id, sessions: try summaries(since: since), sets: sets, plan: plan) else {
                return nil
            }
            guard standing.streak > day.number - since.number else { return standing }
            since = since.adding(days: -4 * (day.number - since.number))
        }
    }

    /// The local day `session` started on; nil when there is no such session or its start cannot
    /// be read.
    private func startDay(ofSession id: Int64) throws(HistoryError) -> CalendarDay? {
        try attempt { () throws(SQLiteError) in
            try database.query("SELECT started_at, utc_offset FROM sessions WHERE id = ?", [.integer(id)]) { row in
                checked(row, "session #\(id)") { $0.wallTime(seconds: 0, offset: 1, "started")?.localDay }
            }.first ?? nil
        }
    }

    /// The largest offset of local time from UTC, in seconds (UTC+14, Kiribati's Line Islands).
    private static let largestUTCOffset: Int64 = 14 * 3600

    /// The phases of `session` in the order recorded; only those of `exercise` when it is given.
    /// A phase with a value that cannot be read is left out and noted in `unreadableRows`; one
    /// whose targets cannot be read is kept without them and noted in `unreadableTargets`.
    private func phases(of session: Int64, exercise: String?) throws(SQLiteError) -> [PhaseRecord] {
        try database.query(
            """
            SELECT idx, kind, name, exercise, planned, active, outcome, reps, weight_text, weight_value, weight_unit, is_open, distance, id,
                   targets, started, measured
            FROM phases WHERE session = ?1 AND (?2 IS NULL OR exercise = ?2) ORDER BY id
            """, [.integer(session), exercise.map(SQLiteValue.text) ?? .null]
        ) { row in
            checked(row, Self.phaseName(id: row.integer(13) ?? 0, session: session)) { checked in
                let index = checked.integer(0, "idx", in: Self.phaseIndexes, what: "a phase number")
                let planned = checked.duration(4, "planned")
                let active = checked.duration(5, "active")
                let reps = checked.reps(7)
                let weight = checked.weight(9)
                return PhaseRecord(
                    index: Int(index ?? 0), kind: row.text(1).flatMap(PhaseKind.init) ?? .work,
                    name: row.text(2) ?? "", exercise: row.text(3), planned: planned,
                    active: active ?? .zero, outcome: row.text(6).flatMap(PhaseOutcome.init) ?? .completed,
                    reps: reps, weight: row.text(8).map { LoggedWeight(text: $0, value: weight, unit: row.text(10)) },
                    isOpen: row.integer(11) == 1, distance: row.text(12), targets: checked.targets(14),
                    started: checked.seconds(15, "started"), measured: checked.measured(16))
            }
        }.compactMap { $0 }
    }

    /// The samples of session `id` in order of time (for an activity export; the reports read the
    /// phases' and sessions' measured summaries instead). A sample with a value that cannot be read
    /// is left out and noted in `unreadableRows`.
    public func samples(ofSession id: Int64) throws(HistoryError) -> [SampleRecord] {
        try attempt { () throws(SQLiteError) in
            try database.query(
                """
                SELECT t, active, phase, power, heart_rate, cadence, speed, distance, rowid FROM samples WHERE session = ? ORDER BY t, rowid
                """, [.integer(id)]
            ) { row in
                checked(row, "sample row \(row.integer(8) ?? 0) of session #\(id)") { checked in
                    let t = checked.seconds(0, "t")
                    let active = checked.seconds(1, "active")
                    let phase = checked.integer(2, "phase", in: Self.phaseIndexes, what: "a phase number")
                    var values = MeasuredValues()
                    for (offset, channel) in MeasuredChannel.allCases.enumerated() {
                        values[channel] = checked.measurement(3 + Int32(offset), channel)
                    }
                    return SampleRecord(t: t ?? 0, active: active ?? 0, phase: Int(phase ?? 0), values: values)
                }
            }.compactMap { $0 }
        }
    }

    /// The pauses of `session` in order; a pause with a time that cannot be read is left out and
    /// noted in `unreadableRows`.
    private func pauses(of session: Int64) throws(SQLiteError) -> [PauseRecord] {
        try database.query("SELECT started, ended, rowid FROM pauses WHERE session = ? ORDER BY started, rowid", [.integer(session)]) {
            row in
            checked(row, "pause row \(row.integer(2) ?? 0) of session #\(session)") { checked in
                let started = checked.seconds(0, "started")
                let ended = checked.seconds(1, "ended")
                return PauseRecord(started: started ?? 0, ended: ended)
            }
        }.compactMap { $0 }
    }

    /// The session's FTP, measured TSS and planned TSS: read by `stress`.
    private static let stressColumns = "s.ftp, s.tss, s.planned_tss"

    /// The training stress from the columns `tss` and `planned_tss` starting at `first`.
    private static func stress(
        _ checked: inout CheckedRow, from first: Int32, active: WorkoutDuration?,
        planned: WorkoutDuration?
    ) -> SessionStress? {
        let measured = checked.stress(first, "tss")
        let plannedStress = checked.stress(first + 1, "planned_tss")
        return SessionStress(measured: measured, planned: plannedStress, active: active ?? .zero, plannedTime: planned ?? .zero)
    }

    /// A phase's number in its session, from 1 (0 as some earlier histories wrote it).
    private static let phaseIndexes: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// A session's active time: from its end, or the phases recorded when it never ended.
    private static let activeColumn = "COALESCE(s.active, (SELECT total(p.active) FROM phases p WHERE p.session = s.id))"

    /// Who records a session: the pid, start ticks and boot of its process, read by `isRunning`.
    private static let runnerColumns = "s.runner_pid, s.runner_start, s.runner_boot"

    /// Whether a session with no outcome is still recorded by a live process, from the runner
    /// columns starting at `first`.
    private static func isRunning(_ row: SQLiteRow, outcome: SessionOutcome?, runnerFrom first: Int32) -> Bool {
        guard outcome == nil, let pid = row.integer(first).flatMap(Int32.init(exactly:)), let ticks = row.integer(first + 1),
            let boot = row.text(first + 2)
        else { return false }
        return ProcessIdentity(pid: pid, startTicks: ticks, boot: boot).isRunning
    }

    private static let sessionColumns = """
        SELECT s.id, s.workout, s.file, s.started_at, s.utc_offset, s.ended, s.outcome, s.planned, \(activeColumn),
               s.paused, s.speed, (SELECT count(*) FROM phases p WHERE p.session = s.id AND p.reps IS NOT NULL), \(runnerColumns),
               \(stressColumns), s.measured
        FROM sessions s

        """

    /// A session from `sessionColumns`; nil when a value in it cannot be read.
    private func sessionRecord(_ row: SQLiteRow) -> SessionRecord? {
        let id = row.integer(0) ?? 0
        return checked(row, "session #\(id)") { checked in
            let started = checked.wallTime(seconds: 3, offset: 4, "started")
            let planned = checked.duration(7, "planned")
            let active = checked.duration(8, "active")
            let paused = checked.duration(9, "paused")
            let speed = checked.speed(10)
            let ftp = checked.ftp(15)
            let stress = Self.stress(&checked, from: 16, active: active, planned: planned)
            let outcome = row.text(6).flatMap(SessionOutcome.init)
            return SessionRecord(
                id: id, workout: row.text(1) ?? "", file: row.text(2) ?? "", started: started ?? WallTime(epochSeconds: 0, utcOffset: 0),
                ended: row.text(5).flatMap(WallTime.init(iso8601:)), outcome: outcome,
                isRunning: Self.isRunning(row, outcome: outcome, runnerFrom: 12),
                planned: planned ?? .zero, active: active ?? .zero, paused: paused, speed: speed ?? 1,
                setsLogged: Int(row.integer(11) ?? 0), phases: [], ftp: ftp, stress: stress, measured: checked.measured(18))
        }
    }
}
