import HistoryTestSupport
import Testing

@testable import History

/// Rows another program wrote with values no session can have: each is left out of every read
/// and named, and the rest of the history reads as before.
@Suite("HistoryStore: unreadable rows")
struct UnreadableRowTests {
    /// A history of three sessions on 30 Nov 2026 (#2 with a set of squats), then `statement`
    /// run on it as another program would.
    static func history(_ folder: TemporaryFolder, _ statement: String) throws -> HistoryStore {
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record(at: "2026-11-30T07:00:00+01:00", phases: [work(1)])
        try store.record("Strength", at: "2026-11-30T08:00:00+01:00", phases: [set(1, "Squat", reps: 5, weight: "80 kg"), work(2)])
        try store.record(at: "2026-11-30T09:00:00+01:00", phases: [work(1)])
        try store.database.run(statement)
        return store
    }

    @Test(arguments: [
        ("UPDATE sessions SET active = 9e999 WHERE id = 2", "session #2: active is inf, not a number of seconds from 0 to 31622400"),
        ("UPDATE sessions SET active = -1e300 WHERE id = 2", "session #2: active is -1e+300, not a number of seconds from 0 to 31622400"),
        ("UPDATE sessions SET active = 1e19 WHERE id = 2", "session #2: active is 1e+19, not a number of seconds from 0 to 31622400"),
        ("UPDATE sessions SET active = 'long' WHERE id = 2", "session #2: active is \"long\", not a number of seconds from 0 to 31622400"),
        (
            "UPDATE sessions SET started_at = -9223372036854775808 WHERE id = 2",
            "session #2: started_at is -9223372036854775808, not a time from 1900 to 9999 (seconds since 1970, UTC)"
        ),
        (
            "UPDATE sessions SET started_at = 1e19 WHERE id = 2",
            "session #2: started_at is 1e+19, not a time from 1900 to 9999 (seconds since 1970, UTC)"
        ),
        (
            "UPDATE sessions SET utc_offset = 9223372036854775807 WHERE id = 2",
            "session #2: utc_offset is 9223372036854775807, not an offset from UTC of less than a day (in seconds)"
        ),
        (
            "UPDATE sessions SET planned = -1, speed = 0 WHERE id = 2",
            "session #2: planned is -1, not a number of seconds from 0 to 31622400; speed is 0, not a speed factor above 0 and up to 1000000"
        ),
        ("UPDATE sessions SET paused = 9e999 WHERE id = 2", "session #2: paused is inf, not a number of seconds from 0 to 31622400"),
    ])
    func aSessionWithAValueNoSessionCanHaveIsLeftOutAndNamed(statement: String, note: String) throws {
        let folder = try TemporaryFolder()
        let store = try Self.history(folder, statement)
        #expect(try store.sessions(withPhases: true).map(\.id) == [3, 1])
        #expect(try store.summaries().map(\.id) == [1, 3])
        #expect(try store.session(id: 2) == nil)
        #expect(try store.standing(ofSession: 3)?.sessionOfWeek == 2, "the session left out does not count")
        let statistics = try store.statistics(today: day("2026-11-30"))
        #expect(statistics.weeks.last?.sessions == 2 && statistics.exercises.isEmpty)
        #expect(store.unreadableRows.map(\.description) == [note], "each row named once, however often it was read")
    }

    @Test(arguments: [
        ("UPDATE phases SET reps = 9223372036854775807 WHERE id = 2", "reps is 9223372036854775807, not a number of reps from 0 to 100000"),
        ("UPDATE phases SET reps = 1e19 WHERE id = 2", "reps is 1e+19, not a number of reps from 0 to 100000"),
        ("UPDATE phases SET weight_value = 1e308 WHERE id = 2", "weight_value is 1e+308, not a weight from 0 to 1000000"),
        ("UPDATE phases SET weight_value = 9e999 WHERE id = 2", "weight_value is inf, not a weight from 0 to 1000000"),
        ("UPDATE phases SET weight_value = 'heavy' WHERE id = 2", "weight_value is \"heavy\", not a weight from 0 to 1000000"),
    ])
    func aSetWithAValueNoSetCanHaveIsLeftOutAndNamed(statement: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let store = try Self.history(folder, statement)
        let statistics = try store.statistics(today: day("2026-11-30"))
        #expect(statistics.exercises.isEmpty && statistics.weeks.last?.sessions == 3)
        #expect(try store.session(id: 2)?.phases.map(\.name) == ["Sprint"], "the session stays, without the phase")
        #expect(store.unreadableRows.map(\.description) == ["phase row 2 of session #2: \(problem)"])
    }

    @Test(arguments: [
        ("UPDATE phases SET active = -1e300 WHERE id = 3", "active is -1e+300, not a number of seconds from 0 to 31622400"),
        ("UPDATE phases SET planned = 9e999 WHERE id = 3", "planned is inf, not a number of seconds from 0 to 31622400"),
        ("UPDATE phases SET idx = 1e30 WHERE id = 3", "idx is 1e+30, not a phase number from 0 to 2147483647"),
    ])
    func aPhaseWithAValueNoPhaseCanHaveIsLeftOutAndNamed(statement: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let store = try Self.history(folder, statement)
        #expect(try store.sessions(withPhases: true).map(\.phases.count) == [1, 1, 1])
        #expect(store.unreadableRows.map(\.description) == ["phase row 3 of session #2: \(problem)"])
    }

    @Test func aWeightReadingThatCannotBeReadIsNamedToo() throws {
        let folder = try TemporaryFolder()
        let store = try Self.history(folder, "SELECT 1")
        for value in [80.0, 81, 82] {
            try store.recordWeighIn(BodyWeight(value: value, unit: .kg)!, day: day("2026-11-30"), at: wall("2026-11-30T07:00:00+01:00"))
        }
        try store.database.run("UPDATE weigh_ins SET value = 9e999 WHERE id = 1")
        try store.database.run("UPDATE weigh_ins SET day = '26-12-01', unit = 'stone' WHERE id = 2")
        #expect(try store.weighIns().map(\.id) == [3])
        #expect(
            store.unreadableRows.map(\.description) == [
                "weight reading #1: value is inf, not a body weight above 0 and at most 1000 kg",
                "weight reading #2: day is \"26-12-01\", not a date written YYYY-MM-DD; unit is \"stone\", not kg or lb",
            ])
    }
}
