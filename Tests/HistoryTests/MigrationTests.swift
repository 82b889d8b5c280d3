@testable import HistorySink
import PacerCore
import Testing

@Suite("HistoryStore: schema versions")
struct MigrationTests {
    /// A database as the first version of the schema left it, with one session of each kind.
    private static func versionOne(at path: String) throws {
        let database = try SQLiteDatabase(path: path, create: true, busyTimeout: 1000)
        try database.transaction { () throws(SQLiteError) in
            try HistorySchema.migrate(database, to: 1)
            try database.run("PRAGMA user_version = 1")
        }
        try database.run("""
            INSERT INTO sessions (workout, file, started, planned, ended, outcome, active, paused)
            VALUES ('Strength', '/w/s.json', '2026-12-31T23:30:00-05:00', 60, '2027-01-01T00:10:00-05:00', 'completed', 2300, 100)
            """)
        try database.run("INSERT INTO sessions (workout, file, started, planned) VALUES ('Tabata', '/w/t.json', '2026-06-01T07:00:00+02:00', 240)")
        for (index, weight) in ["22.5 kg", "135 lbs", "bodyweight", "60"].enumerated() {
            try database.run("""
                INSERT INTO phases (session, idx, kind, name, planned, active, outcome, reps, weight)
                VALUES (1, ?, 'reps', 'Squat', NULL, 40, 'completed', 5, ?)
                """, [.integer(Int64(index + 1)), .text(weight)])
        }
        try database.run("INSERT INTO phases (session, idx, kind, name, planned, active, outcome) VALUES (2, 1, 'work', 'Sprint', 20, 20, 'completed')")
    }

    @Test func versionOneIsMigratedForwardKeepingEverySession() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.versionOne(at: path)

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["2"])
        let sessions = try store.sessions(withPhases: true)
        try #require(sessions.count == 2)
        let strength = sessions[0]
        #expect(strength.workout == "Strength")
        #expect(strength.started == WallTime(epochSeconds: 1_798_777_800, utcOffset: -18_000))
        #expect(strength.started.localDay == day("2026-12-31"), "still New Year's Eve where it was run")
        #expect(strength.ended?.iso8601 == "2027-01-01T00:10:00-05:00")
        #expect(strength.outcome == .completed && strength.active == .seconds(2300) && strength.paused == .seconds(100))
        #expect(strength.speed == 1 && strength.setsLogged == 4)
        #expect(strength.phases.map(\.weight) == [
            LoggedWeight(text: "22.5 kg", value: 22.5, unit: "kg"), LoggedWeight(text: "135 lbs", value: 135, unit: "lb"),
            LoggedWeight(text: "bodyweight", value: nil, unit: nil), LoggedWeight(text: "60", value: 60, unit: nil),
        ])
        #expect(sessions[1].outcomeText == "interrupted" && sessions[1].started.iso8601 == "2026-06-01T07:00:00+02:00")
        #expect(try sql(path, "SELECT started_at FROM sessions ORDER BY id") == ["1798777800", "1780290000"])
        #expect(try sql(path, "SELECT ended_at FROM sessions ORDER BY id") == ["1798780200", "NULL"])
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])

        // New sessions go on after the migrated ones.
        try store.record(at: "2027-01-02T08:00:00-05:00")
        #expect(try store.sessions().count == 3)
    }

    @Test func aFreshHistoryIsBuiltByTheSameStepsAsAMigratedOne() throws {
        let folder = try TemporaryFolder()
        let fresh = folder.file("fresh.sqlite3"), migrated = folder.file("migrated.sqlite3")
        _ = try HistoryStore(path: fresh)
        try Self.versionOne(at: migrated)
        _ = try HistoryStore.existing(at: migrated)
        let schema = "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master ORDER BY name"
        #expect(try sql(fresh, schema) == sql(migrated, schema))
    }

    @Test func aHistoryFromANewerPacerIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        _ = try HistoryStore(path: path)
        _ = try sql(path, "PRAGMA user_version = 3")
        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore.existing(at: path) }
        #expect(error.reason == "it was written by a newer pacer (schema version 3; this pacer knows up to 2)")
    }

    @Test func anotherSQLiteDatabaseIsNotTakenForAHistory() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("other.sqlite3")
        let other = try SQLiteDatabase(path: path, create: true, busyTimeout: 1000)
        try other.run("CREATE TABLE notes (text TEXT)")
        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore(path: path) }
        #expect(error.reason == "it is an SQLite database, but not a pacer history")
        #expect(try sql(path, "SELECT name FROM sqlite_master") == ["notes"], "left untouched")
    }
}
