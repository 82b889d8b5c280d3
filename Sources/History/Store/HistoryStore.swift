import Glibc
import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWorkout

/// Every session and phase Pacer ran, kept in an SQLite file that survives `kill -9` at any
/// moment and two pacers writing at once: each write is one `BEGIN IMMEDIATE` transaction on a
/// WAL database, and a session whose end was never written reads back as interrupted.
public final class HistoryStore {
    /// How long a statement waits for another process's lock before failing, in milliseconds.
    public static let defaultBusyTimeout: Int32 = 2000

    public let path: String
    let database: SQLiteDatabase
    /// The rows reads so far left out because a value in them cannot be read, each once, in the
    /// order found.
    public private(set) var unreadableRows: [UnreadableRow] = []
    /// The phases reads so far gave without their targets because those cannot be read, each
    /// once, in the order found.
    public private(set) var unreadableTargets: [UnreadableRow] = []
    /// The phases and sessions reads so far gave without what was measured because that cannot be
    /// read, each once, in the order found.
    public private(set) var unreadableMeasurements: [UnreadableRow] = []

    /// Opens the history at `path` for recording, creating the file and its folders if needed, and
    /// brings its schema up to date.
    public convenience init(path: String, busyTimeout: Int32 = defaultBusyTimeout) throws(HistoryError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folder.isEmpty {
            do throws(FileError) {
                try FileSystem.createDirectories(folder)
            } catch {
                throw .folderNotMade(path: path, error)
            }
        }
        try self.init(path: path, create: true, busyTimeout: busyTimeout)
    }

    /// Opens an existing history, bringing its schema up to date; nil when there is no file.
    public static func existing(at path: String, busyTimeout: Int32 = defaultBusyTimeout) throws(HistoryError) -> HistoryStore? {
        guard access(path, F_OK) == 0 else { return nil }
        return try HistoryStore(path: path, create: false, busyTimeout: busyTimeout)
    }

    private init(path: String, create: Bool, busyTimeout: Int32) throws(HistoryError) {
        self.path = path
        do {
            database = try SQLiteDatabase(path: path, create: create, busyTimeout: busyTimeout)
        } catch {
            throw HistoryError(path: path, error)
        }
        try attempt { () throws(SQLiteError) in
            try useWriteAheadLog(busyTimeout: busyTimeout)
            try database.run("PRAGMA synchronous = NORMAL")
            try database.run("PRAGMA foreign_keys = ON")
        }
        try migrate()
    }

    /// Switches the file to WAL, once for all who use it. The switch needs the file to itself and,
    /// unlike other statements, does not wait for another process's lock, so two pacers opening a
    /// new history at once retry it here, within the busy timeout.
    private func useWriteAheadLog(busyTimeout: Int32) throws(SQLiteError) {
        let deadline = Clocks.monotonicNanoseconds() + Int64(busyTimeout) * 1_000_000
        while true {
            do {
                let mode = try database.query("PRAGMA journal_mode") { $0.text(0) ?? "" }.first
                if mode?.lowercased() == "wal" { return }
                try database.run("PRAGMA journal_mode = WAL")
                return
            } catch  where error.isBusy && Clocks.monotonicNanoseconds() < deadline {
                usleep(10_000)
            }
        }
    }

    /// Records a session's start and returns its id, which the session's other writes take.
    @discardableResult
    public func startSession(_ start: SessionStart) throws(HistoryError) -> Int64 {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.run(
                    """
                    INSERT INTO sessions (workout, file, started, started_at, utc_offset, planned, speed, runner_pid, runner_start, runner_boot,
                                          ftp, planned_tss)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(start.workout), .text(start.file), .text(start.started.iso8601),
                        .integer(start.started.epochSeconds), .integer(Int64(start.started.utcOffset)),
                        .real(start.planned.seconds), .real(start.speed), start.runner.map { .integer(Int64($0.pid)) } ?? .null,
                        start.runner.map { .integer($0.startTicks) } ?? .null, start.runner.map { .text($0.boot) } ?? .null,
                        start.ftp.map(SQLiteValue.real) ?? .null, start.plannedStress.map(SQLiteValue.real) ?? .null,
                    ])
                return database.lastInsertedRowID
            }
        }
    }

    /// Records one phase of `session` as it ends, with the measurements gathered since the last
    /// write, in one transaction.
    public func recordPhase(_ phase: PhaseRecord, session: Int64, _ batch: MeasurementBatch = MeasurementBatch()) throws(HistoryError) {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try insert(batch, session: session)
                try database.run(
                    """
                    INSERT INTO phases (session, idx, kind, name, exercise, planned, active, outcome, reps, weight_text, weight_value, weight_unit,
                                        is_open, distance, targets, started, measured)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .integer(session), .integer(Int64(phase.index)), .text(phase.kind.rawValue), .text(phase.name),
                        phase.exercise.map(SQLiteValue.text) ?? .null, phase.planned.map { .real($0.seconds) } ?? .null,
                        .real(phase.active.seconds),
                        .text(phase.outcome.rawValue), phase.reps.map { .integer(Int64($0)) } ?? .null,
                        phase.weight.map { .text($0.text) } ?? .null, phase.weight?.value.map(SQLiteValue.real) ?? .null,
                        phase.weight?.unit.map(SQLiteValue.text) ?? .null, .integer(phase.isOpen ? 1 : 0),
                        phase.distance.map(SQLiteValue.text) ?? .null, phase.targets.isEmpty ? .null : .text(Self.json(phase.targets)),
                        phase.started.map(SQLiteValue.real) ?? .null, phase.measured.map { .text($0.json) } ?? .null,
                    ])
            }
        }
    }

    /// Records measurements of `session` gathered since the last write, in one transaction.
    public func recordMeasurements(_ batch: MeasurementBatch, session: Int64) throws(HistoryError) {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in try insert(batch, session: session) }
        }
    }

    /// Inserts `batch`'s rows, inside the caller's transaction.
    private func insert(_ batch: MeasurementBatch, session: Int64) throws(SQLiteError) {
        for sample in batch.samples {
            try database.run(
                """
                INSERT INTO samples (session, t, active, phase, power, heart_rate, cadence, speed, distance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.integer(session), .real(sample.t), .real(sample.active), .integer(Int64(sample.phase))]
                    + MeasuredChannel.allCases.map { sample.values[$0].map(SQLiteValue.real) ?? .null })
        }
        for pause in batch.pauses {
            try database.run(
                "INSERT INTO pauses (session, started, ended) VALUES (?, ?, ?)",
                [.integer(session), .real(pause.started), pause.ended.map(SQLiteValue.real) ?? .null])
        }
    }

    /// The targets as stored: the object of `phase.start`'s target fields, as written (no thresholds).
    static func json(_ targets: Targets) -> String {
        var written = targets
        written.thresholds = .none
        var object = JSONObjectWriter()
        written.add(to: &object)
        return object.text
    }

    /// Records how `session` ended, with the measurements gathered since the last write, in one
    /// transaction.
    public func endSession(_ session: Int64, _ end: SessionEnd, _ batch: MeasurementBatch = MeasurementBatch()) throws(HistoryError) {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try insert(batch, session: session)
                try database.run(
                    """
                    UPDATE sessions SET ended = ?, ended_at = ?, outcome = ?, active = ?, paused = ?, tss = ?, measured = ? WHERE id = ?
                    """,
                    [
                        .text(end.ended.iso8601), .integer(end.ended.epochSeconds), .text(end.outcome.rawValue),
                        .real(end.active.seconds), .real(end.paused.seconds), end.stress.map(SQLiteValue.real) ?? .null,
                        end.measured.map { .text($0.json) } ?? .null, .integer(session),
                    ])
            }
        }
    }

    /// Maps `row` with its numbers checked; nil, and the row noted in `unreadableRows` as `name`
    /// says, when `map` found a value in it that cannot be read. Targets that cannot be read leave
    /// the row in, without them, noted in `unreadableTargets`; and so for what was measured, in
    /// `unreadableMeasurements`.
    func checked<Row>(_ row: SQLiteRow, _ name: @autoclosure () -> String, _ map: (inout CheckedRow) -> Row?) -> Row? {
        var checked = CheckedRow(row)
        let mapped = map(&checked)
        guard checked.problems.isEmpty else {
            Self.note(UnreadableRow(row: name(), problems: checked.problems), in: &unreadableRows)
            return nil
        }
        if let problem = checked.targetProblem { Self.note(UnreadableRow(row: name(), problems: [problem]), in: &unreadableTargets) }
        if let problem = checked.measuredProblem { Self.note(UnreadableRow(row: name(), problems: [problem]), in: &unreadableMeasurements) }
        return mapped
    }

    /// Adds `row` to `rows` unless it is there already.
    private static func note(_ row: UnreadableRow, in rows: inout [UnreadableRow]) {
        if !rows.contains(row) { rows.append(row) }
    }

    /// Runs `body`, turning SQLite's errors into the store's.
    func attempt<Result>(_ body: () throws(SQLiteError) -> Result) throws(HistoryError) -> Result {
        do {
            return try body()
        } catch {
            throw HistoryError(path: path, error)
        }
    }

    /// Brings the schema up to date. The version and the tables are read and migrated inside one
    /// write transaction, so a second pacer opening the history at the same moment sees either the
    /// schema before or after, never a half (a file that is up to date takes no write lock).
    private func migrate() throws(HistoryError) {
        guard try attempt({ () throws(SQLiteError) in try userVersion() }) != HistorySchema.current else { return }
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                let version = try userVersion()
                let tables = try database.query("SELECT count(*) FROM sqlite_master") { $0.integer(0) ?? 0 }.first ?? 0
                guard version <= HistorySchema.current else {
                    throw SQLiteError.refusal(
                        "it was written by a newer pacer (schema version \(version); this pacer knows up to \(HistorySchema.current))")
                }
                guard version > 0 || tables == 0 else {
                    throw SQLiteError.refusal("it is an SQLite database, but not a pacer history")
                }
                for step in version..<HistorySchema.current {
                    try HistorySchema.migrate(database, to: step + 1)
                    try database.run("PRAGMA user_version = \(step + 1)")
                }
            }
        }
    }

    private func userVersion() throws(SQLiteError) -> Int {
        Int(try database.query("PRAGMA user_version") { $0.integer(0) ?? 0 }.first ?? 0)
    }
}
