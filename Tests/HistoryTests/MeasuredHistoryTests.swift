import Foundation
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import PacerWorkout
import Testing

@testable import History
@testable import HistoryReports
@testable import HistorySink

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
        #expect(
            try sql(path, "SELECT name FROM pragma_table_info('samples') ORDER BY cid")
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
        var phases = [
            Phase(kind: .work, name: "Sweet spot", duration: .seconds(600)), Phase(kind: .rest, name: "Spin", duration: .seconds(300)),
        ]
        phases[0].targets.power = try PowerTarget(parsing: "90%")
        let plan = Plan(name: "Ride", phases: phases).with(TargetThresholds(ftp: 250))
        let sink = HistorySink(path: path)
        for event in [
            Event(
                t: .start,
                .sessionStart(
                    .init(
                        workout: "Ride", file: "/w/r.json", phases: 2, planned: .seconds(900),
                        wall: wall("2026-11-30T07:00:00+01:00"), speed: 1, plan: plan))),
            Event(t: .start, .phaseStart(.init(index: 0, count: 2, phase: plan.phases[0], next: plan.phases[1]))),
            Event(t: .seconds(100), .pause),
            Event(t: .seconds(130.5), .resume),
            Event(t: .seconds(630.5), .phaseEnd(.init(index: 0, phase: plan.phases[0], outcome: .completed, active: .seconds(600)))),
            Event(t: .seconds(630.5), .phaseStart(.init(index: 1, count: 2, phase: plan.phases[1], next: nil))),
            Event(t: .seconds(700), .pause),
            Event(
                t: .seconds(760),
                .sessionEnd(
                    .init(
                        outcome: .quit, active: WorkoutDuration(milliseconds: 669_500), paused: WorkoutDuration(milliseconds: 90_500),
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
        try store.recordMeasurements(
            MeasurementBatch(pauses: [PauseRecord(started: 5, ended: 9), PauseRecord(started: 30, ended: 40)]), session: id)
        try store.database.run("UPDATE pauses SET ended = 'soon' WHERE started = 30")
        #expect(try store.session(id: id)?.pauses == [PauseRecord(started: 5, ended: 9)])
        #expect(
            store.unreadableRows.map(\.description) == [
                "pause row 2 of session #1: ended is \"soon\", not a number of seconds from 0 to 31622400"
            ])
    }
}

/// What the sink records of a measured ride, and what `history show`, `--json` and `--csv` give of it.
@Suite("HistoryStore: samples and measured summaries")
struct MeasuredRideTests {
    /// 250 W at FTP 250 with 150 bpm for `seconds` samples of phase 0, against a 240–260 W target.
    static func summary(seconds: Int, power: Double = 250) -> MeasuredSummary {
        var summary = MeasuredSummary()
        for _ in 0..<seconds {
            summary.add(MeasuredValues([.power: power, .heartRate: 150]), target: { $0 == .power ? TargetRange(240, 260) : nil })
        }
        return summary
    }

    /// A sink fed a 350-second phase measured every second, one value missing at second 10.
    static func recordedRide(at path: String, observe: (Int) throws -> Void = { _ in }) throws {
        var phase = Phase(kind: .work, name: "Threshold", duration: .seconds(350))
        phase.targets.power = try PowerTarget(parsing: "240-260 W")
        let plan = Plan(name: "Ride", phases: [phase]).with(TargetThresholds(ftp: 250))
        let sink = HistorySink(path: path)
        try sink.receive(
            Event(
                t: .start,
                .sessionStart(
                    .init(
                        workout: "Ride", file: "/w/r.json", phases: 1, planned: .seconds(350),
                        wall: wall("2026-11-30T07:00:00+01:00"), speed: 1, plan: plan))))
        try sink.receive(Event(t: .start, .phaseStart(.init(index: 0, count: 1, phase: plan.phases[0], next: nil))))
        for second in 1...350 {
            let values: MeasuredValues = second == 10 ? MeasuredValues([.heartRate: 150]) : MeasuredValues([.power: 250, .heartRate: 150])
            try sink.receive(
                Event(t: .seconds(Double(second) + 0.0004), .sample(.init(index: 0, active: .seconds(Int64(second)), values: values))))
            try observe(second)
        }
        try sink.receive(
            Event(
                t: .seconds(350),
                .phaseEnd(
                    .init(
                        index: 0, phase: plan.phases[0], outcome: .completed, active: .seconds(350),
                        measured: summary(seconds: 350)))))
        try sink.receive(
            Event(
                t: .seconds(350),
                .sessionEnd(
                    .init(
                        outcome: .completed, active: .seconds(350), paused: .zero,
                        wall: wall("2026-11-30T07:05:50+01:00"), measured: summary(seconds: 350)))))
        try sink.close()
    }

    @Test func samplesAreWrittenInBatchesOfFiveMinutesAndAtThePhasesEnd() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        var written: [Int: String] = [:]
        try Self.recordedRide(at: path) { second in
            if [1, 299, 300, 301, 350].contains(second) { written[second] = try sql(path, "SELECT count(*) FROM samples").first }
        }
        #expect(written == [1: "0", 299: "0", 300: "300", 301: "300", 350: "300"], "one transaction per 300 samples")
        #expect(try sql(path, "SELECT count(*) FROM samples") == ["350"], "the rest with the phase's end")
        let store = try #require(try HistoryStore.existing(at: path))
        let samples = try store.samples(ofSession: 1)
        #expect(samples.count == 350 && samples.map(\.active) == (1...350).map(Double.init))
        #expect(
            samples[0] == SampleRecord(t: 1, active: 1, phase: 0, values: MeasuredValues([.power: 250, .heartRate: 150])),
            "t to the millisecond")
        #expect(samples[9].values == MeasuredValues([.heartRate: 150]), "a channel not fresh is NULL, not 0")
    }

    @Test func eachPhaseAndTheSessionKeepWhatWasMeasuredAndTheMeasuredTSS() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.recordedRide(at: path)
        let expected =
            #"{"measured":{"power":{"avg":250,"max":250,"np":250,"kj":87.5},"heart_rate":{"avg":150,"max":150}},"#
            + #""in_target":{"power":{"inside":350,"below":0,"above":0}}}"#
        #expect(
            try sql(path, "SELECT measured FROM phases") == [expected] && sql(path, "SELECT measured FROM sessions") == [expected],
            "the wire shape of phase.end")
        let session = try #require(try HistoryStore.existing(at: path)?.session(id: 1))
        let measured = try #require(session.phases.first?.measured)
        #expect(measured.channels == [.power: .init(average: 250, maximum: 250), .heartRate: .init(average: 150, maximum: 150)])
        #expect(
            measured.normalizedPower == 250 && measured.kilojoules == 87.5 && measured.adherence == [.power: TargetAdherence(inside: 350)])
        #expect(session.measured == measured && session.phases.first?.started == 0)
        // 350 s at IF 1.0: 350 / 3600 × 100.
        let stress = try #require(session.stress)
        #expect(abs(stress.score - 350.0 / 36) < 1e-9 && stress.isMeasured && session.ftp == 250)
    }

    @Test(arguments: [
        (
            "'{\"measured\":{\"power\":{\"avg\":-5,\"max\":9}}}'",
            "measured is \"{\\\"measured\\\":{\\\"power\\\":{\\\"avg\\\":-5,\\\"max\\\":9}}…\", not what was measured (measured.power holds avg -5, which no sensor gives)"
        ),
        ("'[1]'", "measured is \"[1]\", not what was measured (it is an array, not an object)"),
        ("'{oops'", "measured is \"{oops\", not JSON (unexpected 'o': expected a key in double quotes at 1:2)"),
        (
            "'{\"in_target\":{\"power\":{\"inside\":1.5,\"below\":0,\"above\":0}}}'",
            "measured is \"{\\\"in_target\\\":{\\\"power\\\":{\\\"inside\\\":1.5,\\\"bel…\", not what was measured (in_target holds no whole seconds per channel)"
        ),
    ])
    func whatWasMeasuredThatCannotBeReadLeavesThePhaseInWithoutItAndIsNamed(value: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.recordedRide(at: path)
        let store = try #require(try HistoryStore.existing(at: path))
        try store.database.run("UPDATE phases SET measured = \(value)")
        let session = try #require(try store.session(id: 1))
        #expect(session.phases.count == 1 && session.phases[0].measured == nil && session.measured != nil)
        #expect(store.unreadableRows.isEmpty)
        #expect(store.unreadableMeasurements.map(\.description) == ["phase row 1 of session #1: \(problem)"])
    }

    @Test func aSampleWithAValueNoSensorGivesIsLeftOutAndNamed() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.recordedRide(at: path)
        let store = try #require(try HistoryStore.existing(at: path))
        try store.database.run("UPDATE samples SET power = 99999 WHERE active = 5")
        #expect(try store.samples(ofSession: 1).count == 349)
        #expect(
            store.unreadableRows.map(\.description) == ["sample row 5 of session #1: power is 99999, not a measurement in W from 0 to 3000"]
        )
    }

    @Test func historyShowGivesTargetAndActualPerPhaseAndTheSessionsLoad() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.recordedRide(at: path)
        let session = try #require(try HistoryStore.existing(at: path)?.session(id: 1))
        let shown = SessionDetail(session: session, style: HistoryStyle(colored: false)).lines.map(\.plain)
        #expect(
            shown.contains("  load     TSS 9.7 measured (FTP 250 W) · 88 kJ · avg 250 W · NP 250 W · heart rate avg 150, max 150 bpm"),
            "\(shown)")
        #expect(
            Array(shown.suffix(2)) == [
                "  #  kind  name       exercise  planned  active  outcome    logged  target       actual",
                "  1  work  Threshold               5:50    5:50  completed          @ 240–260 W  250 W (100 % in target) · 150 bpm",
            ], "\(shown)")
    }

    @Test func jsonAndCSVCarryWhatWasMeasured() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try Self.recordedRide(at: path)
        let store = try #require(try HistoryStore.existing(at: path))
        var json = ""
        HistoryExport.json(try store.sessions(withPhases: true), to: &json)
        let session = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first)
        #expect(session["tss"] as? Double == 9.7 && session["tss_planned"] as? Bool == false && session["ftp"] as? Int == 250)
        #expect((session["measured"] as? [String: Any])?["power"] as? [String: Double] == ["avg": 250, "max": 250, "np": 250, "kj": 87.5])
        let phase = try #require((session["phases"] as? [[String: Any]])?.first)
        #expect(
            phase["started"] as? Int == 0
                && (phase["in_target"] as? [String: [String: Int]])?["power"] == ["inside": 350, "below": 0, "above": 0])
        var csv = ""
        HistoryExport.csv(try store.sessions(withPhases: true), visible: false, to: &csv)
        let rows = csv.components(separatedBy: "\r\n")
        #expect(
            rows[0].hasSuffix(",target,phase_started,actual,avg_power,max_power,np,kj,avg_heart_rate,max_heart_rate,avg_cadence,avg_speed"))
        #expect(rows[1].hasSuffix(",240–260 W,0,250 W (100 % in target) · 150 bpm,250,250,250,87.5,150,150,,"), "\(rows)")
    }
}
