import Glibc
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWorkout
import Testing

@testable import History

@Suite("HistoryStore: recording and reading back")
struct HistoryStoreTests {
    @Test func recordsASessionWithItsPhasesAndReadsItBack() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        let id = try store.record(
            "Strength", at: "2026-11-30T18:05:00+01:00",
            phases: [
                PhaseRecord(
                    index: 1, kind: .warmup, name: "Warm up", exercise: nil, planned: .seconds(120), active: .seconds(120),
                    outcome: .completed),
                set(2, "Squat", reps: 5, weight: "80 kg"),
                set(3, "Push-ups", reps: 12, weight: "bodyweight"),
                PhaseRecord(
                    index: 4, kind: .rest, name: "Rest", exercise: nil, planned: .seconds(90),
                    active: WorkoutDuration(milliseconds: 30_500),
                    outcome: .skipped),
            ], paused: 15)

        let session = try #require(try store.session(id: id))
        #expect(session.workout == "Strength" && session.file == "/w/Strength.json")
        #expect(session.started == wall("2026-11-30T18:05:00+01:00"))
        #expect(session.started.epochSeconds == 1_796_058_300 && session.started.utcOffset == 3600)
        #expect(session.ended?.iso8601 == "2026-11-30T18:09:05+01:00")
        #expect(session.outcome == .completed && session.outcomeText == "completed")
        #expect(session.planned == .seconds(240) && session.speed == 1)
        #expect(session.active == WorkoutDuration(milliseconds: 230_500))
        #expect(session.paused == .seconds(15))
        #expect(session.setsLogged == 2)
        #expect(session.phases.map(\.index) == [1, 2, 3, 4])
        #expect(session.phases[1] == set(2, "Squat", reps: 5, weight: "80 kg"))
        #expect(session.phases[1].weight == LoggedWeight(text: "80 kg", value: 80, unit: "kg"))
        #expect(session.phases[2].weight == LoggedWeight(text: "bodyweight", value: nil, unit: nil))
        #expect(session.phases[3].outcome == .skipped && session.phases[3].active.milliseconds == 30_500)
        #expect(try sql(store.path, "PRAGMA journal_mode") == ["wal"])
        #expect(try sql(store.path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
    }

    @Test func aSessionWhoseEndWasNeverWrittenIsInterrupted() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        do {
            // As a `kill -9` leaves it: the start and two phases written, the end never.
            let store = try HistoryStore(path: path)
            try store.record(at: "2026-11-30T07:00:00+01:00", phases: [work(1), work(2, seconds: 10)], outcome: nil)
        }
        let store = try #require(try HistoryStore.existing(at: path))
        let session = try #require(try store.sessions().first)
        #expect(session.outcome == nil && session.outcomeText == "interrupted")
        #expect(session.ended == nil && session.paused == nil)
        #expect(session.active == .seconds(30), "the phases recorded stand for the active time")
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }

    /// A session without an end is running only while the very process that records it lives: not
    /// a later process given the same pid, nor one of another boot.
    @Test func aSessionWithoutAnEndIsRunningOnlyWhileItsOwnProcessLives() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        let me = try #require(ProcessIdentity.current())
        #expect(me.isRunning && me.pid == getpid())
        try store.record("Live", at: "2026-11-30T07:00:00+01:00", phases: [work(1)], outcome: nil, runner: me)
        try store.record(
            "Reused pid", at: "2026-11-30T08:00:00+01:00", outcome: nil,
            runner: ProcessIdentity(pid: me.pid, startTicks: me.startTicks + 1, boot: me.boot))
        try store.record(
            "Other boot", at: "2026-11-30T09:00:00+01:00", outcome: nil,
            runner: ProcessIdentity(pid: me.pid, startTicks: me.startTicks, boot: "another boot"))
        try store.record("Old pacer", at: "2026-11-30T10:00:00+01:00", outcome: nil)
        try store.record("Ended", at: "2026-11-30T11:00:00+01:00", outcome: .quit, runner: me)

        let sessions = try store.sessions().reversed()
        #expect(sessions.map(\.outcomeText) == ["running", "interrupted", "interrupted", "interrupted", "quit"])
        #expect(try store.session(id: 1)?.isRunning == true)
        #expect(try store.summaries().map(\.isRunning) == [true, false, false, false, false])
        #expect(try store.statistics(today: day("2026-11-30")).workouts.first { $0.name == "Live" }?.completionRate == nil)
    }

    @Test func sessionsAreNewestFirstAndFilteredByWorkoutDayAndLimit() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Tabata", at: "2026-11-28T09:00:00+01:00")
        try store.record("EMOM", at: "2026-11-29T23:30:00-05:00") // 2026-11-30 in UTC, but the 29th where it was run
        try store.record("Tabata", at: "2026-11-30T08:00:00+01:00")
        try store.record("Tabata", at: "2026-11-30T07:00:00+01:00")

        #expect(try store.sessions().map(\.workout) == ["Tabata", "Tabata", "EMOM", "Tabata"])
        #expect(try store.sessions().map { $0.started.clock() } == ["08:00", "07:00", "23:30", "09:00"])
        #expect(try store.sessions(SessionFilter(workout: "Tabata")).count == 3)
        #expect(try store.sessions(SessionFilter(since: day("2026-11-29"))).map(\.workout) == ["Tabata", "Tabata", "EMOM"])
        #expect(try store.sessions(SessionFilter(since: day("2026-11-30"))).count == 2)
        #expect(try store.sessions(SessionFilter(limit: 1)).map { $0.started.clock() } == ["08:00"])
        #expect(try store.sessions(SessionFilter(workout: "Nothing")).isEmpty)
        #expect(try store.session(id: 99) == nil)
    }

    @Test func theFileAndItsFoldersAreCreatedAtTheDefaultLocation() throws {
        let folder = try TemporaryFolder()
        let path = HistoryLocation.path(environment: ["XDG_DATA_HOME": folder.file("data/deeper")])
        #expect(path == folder.file("data/deeper/pacer/history.sqlite3"))
        #expect(try HistoryStore.existing(at: path) == nil, "reading does not create a history")
        #expect(access(path, F_OK) != 0)
        try HistoryStore(path: path).record(at: "2026-11-30T07:00:00+00:00")
        #expect(try HistoryStore.existing(at: path)?.sessions().count == 1)
    }

    @Test func theDefaultLocationFollowsXDGAndTheOverride() {
        #expect(HistoryLocation.path(environment: ["HOME": "/home/ann"]) == "/home/ann/.local/share/pacer/history.sqlite3")
        #expect(
            HistoryLocation.path(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": ""]) == "/home/ann/.local/share/pacer/history.sqlite3")
        #expect(HistoryLocation.path(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data"]) == "/data/pacer/history.sqlite3")
        #expect(HistoryLocation.path(environment: ["HOME": "/home/ann", "PACER_HISTORY": "/tmp/h.db"]) == "/tmp/h.db")
    }

    @Test func aFolderThatCannotBeCreatedIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        writeFile(folder.file("file"), Array("not a folder".utf8))
        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore(path: folder.file("file/pacer/history.sqlite3")) }
        guard case .folderNotMade(path: folder.file("file/pacer/history.sqlite3"), let failure) = error else {
            Issue.record("not .folderNotMade: \(error)")
            return
        }
        #expect(failure.file == folder.file("file/pacer"))
        #expect(
            error.description
                == "cannot use the history \(folder.file("file/pacer/history.sqlite3")): cannot create the folder \(folder.file("file/pacer")): Not a directory"
        )
    }

    @Test func textFromWorkoutFilesIsStoredAsIs() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        let name = "Evil \u{1B}[2J name ' \" \0 end"
        try store.record(name, at: "2026-11-30T07:00:00+00:00", phases: [work(1, name)])
        let session = try #require(try store.sessions(withPhases: true).first)
        #expect(session.workout == name && session.phases.first?.name == name)
    }
}
