#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// Every session and phase Pacer ran, kept in an SQLite file that survives `kill -9` at any
/// moment and two pacers writing at once: each write is one `BEGIN IMMEDIATE` transaction on a
/// WAL database, and a session whose end was never written reads back as interrupted.
public final class HistoryStore {
    /// How long a statement waits for another process's lock before failing, in milliseconds.
    public static let defaultBusyTimeout: Int32 = 2000

    public let path: String
    let database: SQLiteDatabase

    /// Opens the history at `path` for recording, creating the file and its folders if needed, and
    /// brings its schema up to date.
    public convenience init(path: String, busyTimeout: Int32 = defaultBusyTimeout) throws(HistoryError) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty {
            do {
                try FileSystem.createDirectories(folder)
            } catch {
                throw HistoryError(path: path, reason: error.description)
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
            throw HistoryError(path: path, reason: error.message)
        }
        try attempt { () throws(SQLiteError) in
            try database.run("PRAGMA journal_mode = WAL")
            try database.run("PRAGMA synchronous = NORMAL")
            try database.run("PRAGMA foreign_keys = ON")
        }
        try migrate()
    }

    /// Records a session's start and returns its id, which the session's other writes take.
    @discardableResult
    public func startSession(_ start: SessionStart) throws(HistoryError) -> Int64 {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.run("""
                    INSERT INTO sessions (workout, file, started, started_at, utc_offset, planned, speed)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(start.workout), .text(start.file), .text(start.started.iso8601),
                          .integer(start.started.epochSeconds), .integer(Int64(start.started.utcOffset)),
                          .real(start.planned.seconds), .real(start.speed)])
                return database.lastInsertedRowID
            }
        }
    }

    /// Records one phase of `session` as it ends.
    public func recordPhase(_ phase: PhaseRecord, session: Int64) throws(HistoryError) {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.run("""
                    INSERT INTO phases (session, idx, kind, name, planned, active, outcome, reps, weight_text, weight_value, weight_unit)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(session), .integer(Int64(phase.index)), .text(phase.kind.rawValue), .text(phase.name),
                          phase.planned.map { .real($0.seconds) } ?? .null, .real(phase.active.seconds),
                          .text(phase.outcome.rawValue), phase.reps.map { .integer(Int64($0)) } ?? .null,
                          phase.weight.map { .text($0.text) } ?? .null, phase.weight?.value.map(SQLiteValue.real) ?? .null,
                          phase.weight?.unit.map(SQLiteValue.text) ?? .null])
            }
        }
    }

    /// Records how `session` ended.
    public func endSession(_ session: Int64, _ end: SessionEnd) throws(HistoryError) {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.run("""
                    UPDATE sessions SET ended = ?, ended_at = ?, outcome = ?, active = ?, paused = ? WHERE id = ?
                    """, [.text(end.ended.iso8601), .integer(end.ended.epochSeconds), .text(end.outcome.rawValue),
                          .real(end.active.seconds), .real(end.paused.seconds), .integer(session)])
            }
        }
    }

    /// Runs `body`, turning SQLite's errors into the store's.
    func attempt<Result>(_ body: () throws(SQLiteError) -> Result) throws(HistoryError) -> Result {
        do {
            return try body()
        } catch {
            throw HistoryError(path: path, reason: error.message)
        }
    }

    /// Brings the schema to `HistorySchema.current`, one version per transaction. Each step checks
    /// the version again under the write lock, so two pacers opening an old file migrate it once.
    private func migrate() throws(HistoryError) {
        let (version, tables) = try attempt { () throws(SQLiteError) in
            (try userVersion(), try database.query("SELECT count(*) FROM sqlite_master") { $0.integer(0) ?? 0 }.first ?? 0)
        }
        guard version <= HistorySchema.current else {
            throw HistoryError(path: path, reason: "it was written by a newer pacer (schema version \(version); this pacer knows up to \(HistorySchema.current))")
        }
        guard version > 0 || tables == 0 else {
            throw HistoryError(path: path, reason: "it is an SQLite database, but not a pacer history")
        }
        for step in version..<HistorySchema.current {
            try attempt { () throws(SQLiteError) in
                try database.transaction { () throws(SQLiteError) in
                    guard try userVersion() == step else { return }
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
