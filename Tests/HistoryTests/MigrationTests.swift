import HistoryTestSupport
import PacerEngine
import PacerFoundation
import Testing

@testable import History

@Suite("HistoryStore: schema versions")
struct MigrationTests {
    /// A database as the first version of the schema left it, with one session of each kind.
    private static func versionOne(at path: String) throws {
        let database = try SQLiteDatabase(path: path, create: true, busyTimeout: 1000)
        try database.transaction { () throws(SQLiteError) in
            try HistorySchema.migrate(database, to: 1)
            try database.run("PRAGMA user_version = 1")
        }
        try database.run(
            """
            INSERT INTO sessions (workout, file, started, planned, ended, outcome, active, paused)
            VALUES ('Strength', '/w/s.json', '2026-12-31T23:30:00-05:00', 60, '2027-01-01T00:10:00-05:00', 'completed', 2300, 100)
            """)
        try database.run(
            "INSERT INTO sessions (workout, file, started, planned) VALUES ('Tabata', '/w/t.json', '2026-06-01T07:00:00+02:00', 240)")
        for (index, weight) in ["22.5 kg", "135 lbs", "bodyweight", "60"].enumerated() {
            try database.run(
                """
                INSERT INTO phases (session, idx, kind, name, planned, active, outcome, reps, weight)
                VALUES (1, ?, 'reps', 'Squat', NULL, 40, 'completed', 5, ?)
                """, [.integer(Int64(index + 1)), .text(weight)])
        }
        try database.run(
            "INSERT INTO phases (session, idx, kind, name, planned, active, outcome) VALUES (2, 1, 'work', 'Sprint', 20, 20, 'completed')")
    }

    @Test func versionOneIsMigratedForwardKeepingEverySession() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.versionOne(at: path)

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
        let sessions = try store.sessions(withPhases: true)
        try #require(sessions.count == 2)
        let strength = sessions[0]
        #expect(strength.workout == "Strength")
        #expect(strength.started == WallTime(epochSeconds: 1_798_777_800, utcOffset: -18_000))
        #expect(strength.started.localDay == day("2026-12-31"), "still New Year's Eve where it was run")
        #expect(strength.ended?.iso8601 == "2027-01-01T00:10:00-05:00")
        #expect(strength.outcome == .completed && strength.active == .seconds(2300) && strength.paused == .seconds(100))
        #expect(strength.speed == 1 && strength.setsLogged == 4)
        #expect(
            strength.phases.map(\.weight) == [
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

    /// One `+0100` start used to fail the whole migration, and from then on every read and write.
    @Test func everyStartAVersionOneFileCanHoldMigratesAndAnUnreadableOneKeepsTheSession() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.versionOne(at: path)
        let database = try SQLiteDatabase(path: path, create: false, busyTimeout: 1000)
        let starts: [(stored: SQLiteValue, ended: SQLiteValue, read: String)] = [
            (.text("2026-11-30T06:23:34+0100"), .null, "2026-11-30T06:23:34+01:00"),
            (.text("2026-11-30T06:23:34.125+01:00"), .null, "2026-11-30T06:23:34+01:00"),
            (.text("2026-11-30T05:23:34Z"), .null, "2026-11-30T05:23:34+00:00"),
            (.text("2026-11-30T06:23:34"), .null, "2026-11-30T06:23:34+00:00"),
            (.text("2026-11-30 06:23:34.5-0530"), .null, "2026-11-30T06:23:34-05:30"),
            (.text("yesterday"), .text("2026-11-29T07:00:00+0100"), "2026-11-29T07:00:00+01:00"),
            (.integer(42), .text("garbage"), "1970-01-01T00:00:00+00:00"),
        ]
        for start in starts {
            try database.run(
                "INSERT INTO sessions (workout, file, started, planned, ended) VALUES ('Odd', '/w/o.json', ?, 60, ?)",
                [start.stored, start.ended])
        }

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
        let odd = try store.sessions(SessionFilter(workout: "Odd")).sorted { $0.id < $1.id }
        #expect(odd.map(\.started.iso8601) == starts.map(\.read))
        #expect(odd.map(\.ended?.iso8601) == starts.map { $0.read.hasPrefix("2026-11-29") ? $0.read : nil })
        #expect(try store.sessions().count == 2 + starts.count, "the sessions before them are kept too")
        try store.record(at: "2026-12-01T08:00:00+01:00")
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }

    /// Version 2 read `1,000 lb` as 1 lb; version 3 reads every weight again, so no thousand stays one.
    @Test func versionTwoWeightsAreReadAgainByTheLocaleSafeRule() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.versionOne(at: path)
        let database = try SQLiteDatabase(path: path, create: false, busyTimeout: 1000)
        try database.transaction { () throws(SQLiteError) in
            try HistorySchema.migrate(database, to: 2)
            try database.run("PRAGMA user_version = 2")
        }
        for (index, weight) in ["1,000 lb", "1.000 kg", "1,000,000 lb"].enumerated() {
            try database.run(
                """
                INSERT INTO phases (session, idx, kind, name, active, outcome, reps, weight_text, weight_value, weight_unit)
                VALUES (1, ?, 'reps', 'Leg press', 40, 'completed', 8, ?, 1, 'lb')
                """, [.integer(Int64(10 + index)), .text(weight)])
        }

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(
            try sql(path, "SELECT ifnull(weight_value, 'NULL') FROM phases WHERE name = 'Leg press' ORDER BY idx") == [
                "NULL", "NULL", "1000000.0",
            ])
        #expect(try store.strengthSets().filter { $0.exercise == "Leg press" }.map(\.weight) == [1_000_000])
        #expect(try store.strengthSets().filter { $0.exercise == "Squat" }.map(\.weight) == [22.5, 135, 60], "the others read as before")
    }

    /// Version 5, the schema before body weight, gets the weigh-in table and keeps every session.
    @Test func versionFiveGainsTheWeighInTable() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        let database = try database(at: path, version: 5)
        try database.run(
            """
            INSERT INTO sessions (workout, file, started, planned, started_at, utc_offset, ended, ended_at, outcome, active, paused, speed)
            VALUES ('Tabata', '/w/tabata.json', '2026-11-30T07:00:00+01:00', 240, 1795932000, 3600,
                    '2026-11-30T07:04:00+01:00', 1795932240, 'completed', 240, 0, 1)
            """)
        #expect(try sql(path, "SELECT count(*) FROM sqlite_master WHERE name = 'weigh_ins'") == ["0"])

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
        #expect(
            try sql(path, "SELECT name FROM pragma_table_info('weigh_ins') ORDER BY cid") == [
                "id", "day", "value", "unit", "recorded_at", "utc_offset",
            ])
        #expect(try store.weighIns().isEmpty)
        #expect(try store.sessions().map(\.workout) == ["Tabata"], "the sessions are kept")
        try store.recordWeighIn(try BodyWeight.parse("82.5 kg").get(), day: day("2026-11-30"), at: wall("2026-11-30T07:10:00+01:00"))
        #expect(try store.weighIns().map(\.weight.description) == ["82.5 kg"])
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }

    @Test func aFreshHistoryIsBuiltByTheSameStepsAsAMigratedOne() throws {
        let folder = try TemporaryFolder()
        let fresh = folder.file("fresh.sqlite3")
        let migrated = folder.file("migrated.sqlite3")
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
        _ = try sql(path, "PRAGMA user_version = \(HistorySchema.current + 1)")
        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore.existing(at: path) }
        #expect(
            error.reason
                == "it was written by a newer pacer (schema version \(HistorySchema.current + 1); this pacer knows up to \(HistorySchema.current))"
        )
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
