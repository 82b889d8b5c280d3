import Foundation
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import Testing

@testable import History
@testable import HistoryReports

/// Open steps in the history: stored with their distance, the best and latest time per exercise
/// and distance in `pacer stats`, the distance in `pacer history --json` and `--csv`.
@Suite("history of open steps")
struct OpenStepHistoryTests {
    let folder: TemporaryFolder
    let store: HistoryStore

    /// The later session is recorded first, so "latest" must follow the start, not the row id.
    init() throws {
        folder = try TemporaryFolder()
        store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record(
            "Track", at: "2026-11-30T07:00:00+01:00",
            phases: [
                openStep(1, seconds: 90.5), openStep(2, seconds: 60, outcome: .skipped), work(3, "Rest"),
            ])
        try store.record(
            "Track", at: "2026-11-28T07:00:00+01:00",
            phases: [
                openStep(1, seconds: 92.5), openStep(2, seconds: 88.25), openStep(3, distance: "800 m", seconds: 190.5), work(4),
            ])
    }

    @Test func eachPhaseKeepsWhetherItWasOpenAndItsDistance() throws {
        let phases = try #require(try store.session(id: 2)).phases
        #expect(phases.map(\.isOpen) == [true, true, true, false])
        #expect(phases.map(\.distance) == ["400 m", "400 m", "800 m", nil])
        #expect(phases[1].active == WorkoutDuration(milliseconds: 88_250) && phases[1].planned == nil)
    }

    @Test func statisticsGiveTheBestAndLatestCompletedTimePerExerciseAndDistance() throws {
        #expect(try store.timedEfforts().map(\.time.seconds) == [92.5, 88.25, 190.5, 90.5], "oldest session first, skipped steps left out")
        let open = try store.statistics(today: day("2026-11-30")).open
        #expect(
            open == [
                OpenStepTimes(
                    exercise: "400 m fast", distance: "400 m", best: .init(milliseconds: 88_250), latest: .init(milliseconds: 90_500),
                    count: 3),
                OpenStepTimes(
                    exercise: "400 m fast", distance: "800 m", best: .init(milliseconds: 190_500), latest: .init(milliseconds: 190_500),
                    count: 1),
            ])
    }

    @Test func statsJSONAndTextShowThem() throws {
        let statistics = try store.statistics(today: day("2026-11-30"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(StatsJSON.json(statistics).utf8)) as? [String: Any])
        let open = try #require(json["open"] as? [[String: Any]])
        #expect(
            open.map { $0["distance"] as? String } == ["400 m", "800 m"] && open.allSatisfy { $0["exercise"] as? String == "400 m fast" })
        #expect(open.map { $0["best"] as? Double } == [88.25, 190.5] && open.map { $0["latest"] as? Double } == [90.5, 190.5])

        let lines = StatsReport(statistics: statistics, style: HistoryStyle(colored: false), columns: 80).text.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "Open steps: best and latest time"))
        #expect(
            lines[heading + 2...heading + 3].map { $0.split(separator: " ") } == [
                ["400", "m", "fast", "400", "m", "1:28.3", "1:30.5", "3"], ["400", "m", "fast", "800", "m", "3:10.5", "3:10.5", "1"],
            ], "\(lines)")
        #expect(StatsReport.stopwatch(.seconds(3723)) == "1:02:03.0" && StatsReport.stopwatch(.init(milliseconds: 9_960)) == "0:10.0")
    }

    @Test func historyExportCarriesTheDistanceNeutralisedInCSV() throws {
        try store.record("Track", at: "2026-11-30T09:00:00+01:00", phases: [openStep(1, distance: "=1+1 km", seconds: 30)])
        var csv = ""
        HistoryExport.csv(try store.sessions(SessionFilter(limit: 1), withPhases: true), visible: false, to: &csv)
        #expect(csv.hasSuffix(",work,400 m fast,,30,completed,,,,400 m fast,'=1+1 km,1,\(unmeasuredCells)\r\n"), "\(csv)")

        var json = ""
        HistoryExport.json(try store.sessions(SessionFilter(limit: 1), withPhases: true), to: &json)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let phase = try #require((sessions.first?["phases"] as? [[String: Any]])?.first)
        #expect(phase["distance"] as? String == "=1+1 km" && phase["open"] as? Bool == true && phase["planned"] is NSNull, "\(phase)")
    }

    /// A file schema version 4 wrote: its phases become not open and without a distance, and new
    /// open steps are recorded beside them.
    @Test func aVersionFourHistoryIsMigratedAndRecordsOpenSteps() throws {
        let path = folder.file("v4.sqlite3")
        let database = try database(at: path, version: 4)
        try database.run(
            """
            INSERT INTO sessions (workout, file, started, planned, started_at, utc_offset, speed, ended, ended_at, outcome, active, paused)
            VALUES ('Track', '/w/track.json', '2026-11-20T07:00:00+00:00', 0, 1795158000, 0, 1, '2026-11-20T07:02:00+00:00', 1795158120,
                    'completed', 120, 0)
            """)
        try database.run(
            """
            INSERT INTO phases (session, idx, kind, name, exercise, planned, active, outcome, reps)
            VALUES (1, 1, 'reps', '400 m fast', '400 m fast', NULL, 95, 'completed', 1), (1, 2, 'rest', 'Rest', NULL, 25, 25, 'completed', NULL)
            """)

        let migrated = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
        #expect(try sql(path, "SELECT is_open || ' ' || ifnull(distance, 'NULL') FROM phases ORDER BY id") == ["0 NULL", "0 NULL"])
        #expect(try migrated.session(id: 1)?.phases.map(\.isOpen) == [false, false])
        #expect(try migrated.statistics(today: day("2026-11-30")).open.isEmpty, "the old `reps: 1` hack is not taken for a time")

        try migrated.record("Track", at: "2026-11-30T07:00:00+01:00", phases: [openStep(1, seconds: 91)])
        #expect(try migrated.statistics(today: day("2026-11-30")).open.map(\.best) == [.seconds(91)])
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }
}
