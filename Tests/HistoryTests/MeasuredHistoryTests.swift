import Foundation
@testable import History
@testable import HistorySink
import PacerCore
import Testing

/// Schema 8 (issue 44, item 4): pauses, each phase's start, the session's FTP and TSS; and a
/// real history written by the pacer of schema 7 keeps every row.
@Suite("HistoryStore: schema 8, what was measured")
struct MeasuredHistoryTests {
    /// A history written by pacer at schema version 7 (the release before measurements), with
    /// `pacer run --speed 1000 sweet-spot`, `pacer run --speed 1000 tabata` and `pacer weight 82.5 kg`.
    static let versionSevenFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/history-v7.sqlite3").path

    /// Every row of every table of a version 7 history, as text, so nothing can change unseen.
    private static let everyRow = [
        "SELECT id || '|' || workout || '|' || file || '|' || started || '|' || planned || '|' || ifnull(ended, '') || '|' || ifnull(outcome, '')"
            + " || '|' || ifnull(active, '') || '|' || ifnull(paused, '') || '|' || started_at || '|' || utc_offset || '|' || ifnull(ended_at, '')"
            + " || '|' || speed FROM sessions ORDER BY id",
        "SELECT id || '|' || session || '|' || idx || '|' || kind || '|' || name || '|' || ifnull(planned, '') || '|' || active || '|' || outcome"
            + " || '|' || ifnull(reps, '') || '|' || ifnull(weight_text, '') || '|' || ifnull(exercise, '') || '|' || is_open"
            + " || '|' || ifnull(distance, '') || '|' || ifnull(targets, '') FROM phases ORDER BY id",
        "SELECT id || '|' || day || '|' || value || '|' || unit || '|' || recorded_at FROM weigh_ins ORDER BY id",
    ]

    @Test func aHistoryWrittenByThePacerBeforeMeasurementsKeepsEveryRowAndGainsTheNewTables() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        writeFile(path, readFile(Self.versionSevenFixture))
        #expect(try sql(path, "PRAGMA user_version") == ["7"])
        let before = try Self.everyRow.map { try sql(path, $0) }
        #expect(before.map(\.count) == [2, 25, 1])

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["8"])
        #expect(try Self.everyRow.map { try sql(path, $0) } == before, "every row of 7 is kept as it was")
        #expect(try sql(path, "SELECT name FROM pragma_table_info('samples') ORDER BY cid")
            == ["session", "t", "active", "phase", "power", "heart_rate", "cadence", "speed", "distance"])
        #expect(try sql(path, "SELECT name FROM pragma_table_info('pauses') ORDER BY cid") == ["session", "started", "ended"])
        #expect(try sql(path, "SELECT count(*) FROM phases WHERE started IS NOT NULL OR measured IS NOT NULL") == ["0"])
        let sessions = try store.sessions(withPhases: true)
        #expect(sessions.map(\.workout) == ["Tabata", "Sweet spot 3×10"] && sessions.map(\.phases.count) == [17, 8])
        #expect(sessions.allSatisfy { $0.stress == nil && $0.ftp == nil && $0.pauses.isEmpty })
        #expect(sessions[1].phases.filter { !$0.targets.isEmpty }.count == 5, "the targets of 7 read as before")
        #expect(store.unreadableRows.isEmpty && store.unreadableTargets.isEmpty)

        let id = try store.record("Ride", at: "2026-12-07T19:00:00+01:00", phases: [work(1, "Sweet spot", seconds: 600)])
        try store.recordMeasurements(MeasurementBatch(pauses: [PauseRecord(started: 12, ended: 20)]), session: id)
        #expect(try store.session(id: id)?.pauses == [PauseRecord(started: 12, ended: 20)])
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }

    /// A session of the sink: start with a plan and an FTP, a pause resumed, a pause it ends in.
    @Test func theSinkRecordsEachPhasesStartThePausesTheFTPAndThePlannedTSS() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        var phases = [Phase(kind: .work, name: "Sweet spot", duration: .seconds(600)), Phase(kind: .rest, name: "Spin", duration: .seconds(300))]
        phases[0].targets.power = try PowerTarget(parsing: "90%")
        let plan = Plan(name: "Ride", phases: phases).with(TargetThresholds(ftp: 250))
        let sink = HistorySink(path: path)
        for event in [
            Event(t: .start, .sessionStart(.init(workout: "Ride", file: "/w/r.json", phases: 2, planned: .seconds(900),
                                                 wall: wall("2026-11-30T07:00:00+01:00"), speed: 1, plan: plan))),
            Event(t: .start, .phaseStart(.init(index: 0, count: 2, phase: plan.phases[0], next: plan.phases[1]))),
            Event(t: .seconds(100), .pause),
            Event(t: .seconds(130.5), .resume),
            Event(t: .seconds(630.5), .phaseEnd(.init(index: 0, phase: plan.phases[0], outcome: .completed, active: .seconds(600)))),
            Event(t: .seconds(630.5), .phaseStart(.init(index: 1, count: 2, phase: plan.phases[1], next: nil))),
            Event(t: .seconds(700), .pause),
            Event(t: .seconds(760), .sessionEnd(.init(outcome: .quit, active: WorkoutDuration(milliseconds: 669_500), paused: WorkoutDuration(milliseconds: 90_500),
                                                      wall: wall("2026-11-30T07:12:40+01:00")))),
        ] { try sink.receive(event) }
        try sink.close()
        let store = try #require(try HistoryStore.existing(at: path))
        let session = try #require(try store.session(id: 1))
        #expect(session.phases.map(\.started) == [0], "the phase that never ended is not recorded")
        #expect(session.pauses == [PauseRecord(started: 100, ended: 130.5), PauseRecord(started: 700, ended: nil)])
        #expect(session.ftp == 250)
        // 600 s at 90 % of FTP: 600 × 0.9² / 3600 × 100 = 13.5 planned; 669.5 s of the planned 900 were done.
        #expect(try sql(path, "SELECT planned_tss FROM sessions") == ["13.5"])
        #expect(session.stress == SessionStress(score: 13.5 * 669.5 / 900, isMeasured: false))
        #expect(try sql(path, "SELECT count(*) FROM samples") == ["0"], "nothing was measured")
    }

    @Test(arguments: [
        ("ftp", "-5", "session #1: ftp is -5, not an FTP in watts from 1 to 3000"),
        ("tss", "'lots'", "session #1: tss is \"lots\", not a TSS from 0 to 1000000"),
        ("planned_tss", "1e400", "session #1: planned_tss is inf, not a TSS from 0 to 1000000"),
    ])
    func aSessionWithAnFTPOrTSSThatCannotBeReadIsLeftOutAndNamed(column: String, value: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Ride", at: "2026-11-30T07:00:00+01:00", phases: [work(1)])
        try store.database.run("UPDATE sessions SET \(column) = \(value)")
        #expect(try store.summaries().isEmpty && store.sessions().isEmpty)
        #expect(store.unreadableRows.map(\.description) == [problem])
    }

    @Test func aPauseWhoseTimeCannotBeReadIsLeftOutAndNamed() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        let id = try store.record("Ride", at: "2026-11-30T07:00:00+01:00", phases: [work(1)])
        try store.recordMeasurements(MeasurementBatch(pauses: [PauseRecord(started: 5, ended: 9), PauseRecord(started: 30, ended: 40)]), session: id)
        try store.database.run("UPDATE pauses SET ended = 'soon' WHERE started = 30")
        #expect(try store.session(id: id)?.pauses == [PauseRecord(started: 5, ended: 9)])
        #expect(store.unreadableRows.map(\.description) == ["pause row 2 of session #1: ended is \"soon\", not a number of seconds from 0 to 31622400"])
    }
}
