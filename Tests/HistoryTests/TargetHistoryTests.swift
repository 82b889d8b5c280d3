import Foundation
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import PacerWorkout
import Testing

@testable import History
@testable import HistoryReports
@testable import HistorySink

/// Each phase's targets in the history (issue 35, item 6): stored as the session ran them, read
/// back checked, shown by `pacer history show` and exported; and a real history written by the
/// pacer before targets keeps everything.
@Suite("HistoryStore: each phase's targets")
struct TargetHistoryTests {
    /// A history written by pacer at schema version 6 (the release before targets), with
    /// `pacer run --speed 1000 sweet-spot`, `pacer run --speed 1000 tabata` and `pacer weight 82.5 kg`.
    static let versionSixFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/history-v6.sqlite3").path

    /// Targets as a workout file writes them.
    static func targets(power: String? = nil, heartRate: String? = nil, pace: String? = nil, cadence: String? = nil) throws -> Targets {
        Targets(
            power: try power.map(PowerTarget.init(parsing:)), heartRate: try heartRate.map(HeartRateTarget.init(parsing:)),
            pace: try pace.map(PaceTarget.init(parsing:)), cadence: try cadence.map(CadenceTarget.init(parsing:)))
    }

    /// A work phase of `name` aiming at `targets`.
    static func aimed(_ index: Int, _ name: String, _ targets: Targets) -> PhaseRecord {
        var phase = work(index, name, seconds: 600)
        phase.targets = targets
        return phase
    }

    /// A ride: a ramp warm-up with a cadence, sweet spot, a free ride, a rest with none, a run at a pace and heart rate.
    static func ride() throws -> [PhaseRecord] {
        [
            aimed(1, "Warm up", try targets(power: "ramp 50-75%", cadence: "85-95 rpm")),
            aimed(2, "Sweet spot", try targets(power: "88-94%")),
            aimed(3, "Spin", try targets(power: "free")), work(4, "Rest"),
            aimed(5, "Run", try targets(heartRate: "Z2", pace: "4:20-4:40/km")),
        ]
    }

    @Test func eachPhaseKeepsItsTargetsAsTheSessionRanThem() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        let store = try HistoryStore(path: path)
        let phases = try Self.ride()
        let id = try store.record("Ride", at: "2026-11-30T07:00:00+01:00", phases: phases)
        #expect(try store.session(id: id)?.phases.map(\.targets) == phases.map(\.targets))
        #expect(
            try sql(path, "SELECT ifnull(targets, 'NULL') FROM phases ORDER BY id") == [
                #"{"power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]},"cadence":{"start":[85,95],"end":[85,95]}}"#,
                #"{"power":{"unit":"ftp","start":[0.88,0.94],"end":[0.88,0.94]}}"#,
                #"{"free_ride":true}"#,
                "NULL",
                #"{"heart_rate":{"unit":"zone","start":[2,2],"end":[2,2]},"pace":{"unit":"s/km","start":[260,280],"end":[260,280]}}"#,
            ], "the contract of show --json and phase.start, as written; no target is NULL")
        #expect(store.unreadableRows.isEmpty && store.unreadableTargets.isEmpty)
    }

    @Test func theSinkRecordsTheTargetsOfThePhaseThatEnded() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        var phase = Phase(kind: .work, name: "Sweet spot 2/3", duration: .seconds(600))
        phase.targets = try Self.targets(power: "90%", cadence: "90 rpm")
        // A session run with --ftp: the history keeps the targets as written, not the watts.
        phase.targets.thresholds = TargetThresholds(ftp: 250)
        let sink = HistorySink(path: path)
        for event in [
            Event(
                t: .start,
                .sessionStart(
                    .init(
                        workout: "Ride", file: "/w/r.json", phases: 1, planned: .seconds(600),
                        wall: wall("2026-11-30T07:00:00+01:00"), speed: 1))),
            Event(t: .seconds(600), .phaseEnd(.init(index: 0, phase: phase, outcome: .completed, active: .seconds(600)))),
            Event(
                t: .seconds(600),
                .sessionEnd(.init(outcome: .completed, active: .seconds(600), paused: .zero, wall: wall("2026-11-30T07:10:00+01:00")))),
        ] { try sink.receive(event) }
        try sink.close()
        let session = try #require(try HistoryStore.existing(at: path)?.sessions(withPhases: true).first)
        var written = phase.targets
        written.thresholds = .none
        #expect(session.phases.map(\.targets) == [written])
        #expect(
            try sql(path, "SELECT targets FROM phases") == [
                #"{"power":{"unit":"ftp","start":[0.9,0.9],"end":[0.9,0.9]},"cadence":{"start":[90,90],"end":[90,90]}}"#
            ])
    }

    /// The real proof of the migration: a file the pacer before targets wrote, opened by this one.
    @Test func aHistoryWrittenByThePacerBeforeTargetsKeepsEverythingAndGainsThem() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        writeFile(path, readFile(Self.versionSixFixture))
        #expect(try sql(path, "PRAGMA user_version") == ["6"])
        #expect(try sql(path, "SELECT count(*) FROM pragma_table_info('phases') WHERE name = 'targets'") == ["0"])
        let before = try sql(
            path, "SELECT id || ' ' || session || ' ' || idx || ' ' || kind || ' ' || name || ' ' || active FROM phases ORDER BY id")
        #expect(before.count == 25)

        let store = try #require(try HistoryStore.existing(at: path))
        #expect(try sql(path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
        let sessions = try store.sessions(withPhases: true)
        #expect(sessions.map(\.workout) == ["Tabata", "Sweet spot 3×10"] && sessions.allSatisfy { $0.outcome == .completed })
        #expect(sessions.map(\.phases.count) == [17, 8])
        #expect(
            sessions[1].phases.map(\.name) == [
                "Warm up", "Get ready", "Sweet spot 1/3", "Rest", "Sweet spot 2/3", "Rest", "Sweet spot 3/3", "Easy spin",
            ])
        #expect(sessions.flatMap(\.phases).allSatisfy { $0.targets.isEmpty }, "no phase before had a target recorded")
        #expect(
            try sql(
                path, "SELECT id || ' ' || session || ' ' || idx || ' ' || kind || ' ' || name || ' ' || active FROM phases ORDER BY id")
                == before)
        #expect(try sql(path, "SELECT count(*) FROM phases WHERE targets IS NOT NULL") == ["0"])
        #expect(try store.weighIns().map(\.weight.description) == ["82.5 kg"])
        #expect(try store.statistics(today: day("2026-12-06")).weeks.last?.sessions == 2)
        let shown = SessionDetail(session: sessions[1], style: HistoryStyle(colored: false)).lines.map(\.plain)
        #expect(shown.contains { $0.hasPrefix("  #  kind") && !$0.contains("target") }, "\(shown)")
        #expect(store.unreadableRows.isEmpty && store.unreadableTargets.isEmpty)

        let phases = try Self.ride()
        let id = try store.record("Ride", at: "2026-12-07T07:00:00+01:00", phases: phases)
        #expect(try store.session(id: id)?.phases.map(\.targets) == phases.map(\.targets), "a new session keeps its targets")
        #expect(try store.sessions().count == 3)
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }

    @Test(arguments: [
        ("'{bad'", "targets is \"{bad\", not JSON (unexpected 'b': expected a key in double quotes at 1:2)"),
        ("42", "targets is \"42\", not targets pacer can read (the targets are a number, not an object)"),
        ("X'7b7d00ff'", "targets is \"{}\\u0000\u{FFFD}\", not JSON (unexpected byte 0x0 after the end of the JSON document at 1:3)"),
        ("'[]'", "targets is \"[]\", not targets pacer can read (the targets are an array, not an object)"),
        (
            "'{\"power\":{\"unit\":\"ftp\",\"start\":[12,12],\"end\":[12,12]}}'",
            "targets is \"{\\\"power\\\":{\\\"unit\\\":\\\"ftp\\\",\\\"start\\\":[12,12],\\\"…\", not targets pacer can read (1200% is out of range: a power target is 1–1000 % of FTP)"
        ),
        (
            "'{\"pace\":{\"unit\":\"s/km\",\"start\":[1e308,1e308]}}'",
            "targets is \"{\\\"pace\\\":{\\\"unit\\\":\\\"s/km\\\",\\\"start\\\":[1e308,1e…\", not targets pacer can read (pace.start holds 1e+308, which no target can be)"
        ),
    ])
    func targetsThatCannotBeReadLeaveThePhaseInWithoutThemAndAreNamed(value: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        let id = try store.record("Ride", at: "2026-11-30T07:00:00+01:00", phases: try Self.ride())
        try store.database.run("UPDATE phases SET targets = \(value) WHERE id = 2")
        let phases = try #require(try store.session(id: id)?.phases)
        #expect(phases.map(\.name) == ["Warm up", "Sweet spot", "Spin", "Rest", "Run"], "every phase is kept")
        let warmUp = try Self.ride()[0].targets
        #expect(phases[1].targets.isEmpty && phases[0].targets == warmUp)
        _ = try store.sessions(withPhases: true)
        #expect(store.unreadableRows.isEmpty)
        #expect(store.unreadableTargets.map(\.description) == ["phase row 2 of session #1: \(problem)"], "named once, however often read")
    }

    @Test func showJSONAndCSVGiveEachPhasesTargets() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Ride", at: "2026-11-30T07:00:00+01:00", phases: try Self.ride())
        let session = try #require(try store.session(id: 1))

        let shown = SessionDetail(session: session, style: HistoryStyle(colored: false)).lines.map(\.plain)
        #expect(
            Array(shown.suffix(6)) == [
                "  #  kind  name        exercise    planned  active  outcome    logged  target",
                "  1  work  Warm up     Warm up       10:00   10:00  completed          @ ramp 50–75 % FTP, 85–95 rpm",
                "  2  work  Sweet spot  Sweet spot    10:00   10:00  completed          @ 88–94 % FTP",
                "  3  work  Spin        Spin          10:00   10:00  completed          @ free ride",
                "  4  work  Rest        Rest           0:20    0:20  completed",
                "  5  work  Run         Run           10:00   10:00  completed          @ Z2 HR · 85–89 % LTHR, 4:20–4:40 /km",
            ])

        var json = ""
        HistoryExport.json([session], to: &json)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let phases = try #require(sessions.first?["phases"] as? [[String: Any]])
        let warmUp = try #require(phases[0]["power"] as? [String: Any])
        #expect(
            warmUp["unit"] as? String == "ftp" && warmUp["start"] as? [Double] == [0.5, 0.5] && warmUp["end"] as? [Double] == [0.75, 0.75])
        #expect((phases[0]["cadence"] as? [String: Any])?["start"] as? [Double] == [85, 95])
        #expect(phases[2]["free_ride"] as? Bool == true && phases[2]["power"] == nil)
        #expect(
            Set(phases[3].keys) == [
                "index", "kind", "name", "exercise", "planned", "active", "outcome", "reps", "weight", "unit", "distance", "open",
                "started",
            ],
            "a phase with no target has the fields it had")
        #expect(
            (phases[4]["heart_rate"] as? [String: Any])?["unit"] as? String == "zone"
                && (phases[4]["pace"] as? [String: Any])?["unit"] as? String == "s/km")

        var csv = ""
        HistoryExport.csv([session], visible: false, to: &csv)
        let rows = csv.components(separatedBy: "\r\n")
        #expect(rows[0].contains(",distance,open,target,"))
        #expect(
            rows[1].hasSuffix(",Warm up,,0,\"ramp 50–75 % FTP, 85–95 rpm\"" + unmeasuredCells)
                && rows[3].hasSuffix(",Spin,,0,free ride" + unmeasuredCells)
                && rows[4].hasSuffix(",Rest,,0," + unmeasuredCells), "\(csv)")
    }
}
