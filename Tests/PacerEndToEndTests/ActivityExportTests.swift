import Foundation
import History
import Testing

/// `pacer history export`: a session run end to end written as a FIT activity Garmin's SDK and
/// fitdecode read, as TCX valid against Garmin's schemas, many at once, and its refusals.
@Suite("history export")
struct ActivityExportTests {
    /// What scripts/activity-readback.py found: the SDK's messages by name.
    static func readBack(_ path: String, in sandbox: Sandbox) async throws -> [String: [[String: Any]]] {
        let python = try #require(Tool.find("python3"), "python3 is needed to read FIT files back")
        let script = PacerBinary.packageRoot.appendingPathComponent("scripts/activity-readback.py").path
        let read = try await Tool.run(python, [script, path], in: sandbox)
        #expect(read.status == 0 && read.stderr.isEmpty, "garmin-fit-sdk and fitdecode (scripts/test installs them): \(read)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        return try #require(object["sdk"] as? [String: [[String: Any]]])
    }

    /// The laps' names, through the workout steps their `wkt_step_index` points at.
    static func lapNames(_ messages: [String: [[String: Any]]]) -> [String?] {
        let steps = messages["workout_step"] ?? []
        return (messages["lap"] ?? []).map { lap in
            steps.first { $0["message_index"] as? Int == lap["wkt_step_index"] as? Int }?["wkt_step_name"] as? String
        }
    }

    @Test func aTabataRunIsExportedWithALapPerPhase() async throws {
        let sandbox = try Sandbox()
        let run = try await PacerProcess.run(["run", "tabata", "--speed", "200"], in: sandbox, timeout: 30)
        #expect(run.status == 0, "\(run)")
        let shown = try await ExportTests.phases("tabata", in: sandbox)
        let path = sandbox.path("tabata.fit")
        let exported = try await PacerProcess.run(["history", "export", "last", "--to", "fit", "-o", path], in: sandbox)
        #expect(exported.status == 0 && exported.stdout.isEmpty && exported.stderr.isEmpty, "\(exported)")
        let messages = try await Self.readBack(path, in: sandbox)
        #expect(Self.lapNames(messages) == shown.map { $0["name"] as? String })
        let session = try #require(messages["session"]?.first)
        #expect(session["sport"] as? String == "hiit")
        #expect(session["num_laps"] as? Int == shown.count)
        #expect(messages["file_id"]?.first?["type"] as? String == "activity")

        let imported = try await PacerProcess.run(["import", path], in: sandbox)
        #expect(imported.status != 0 && imported.stderr.contains("not a workout"), "an activity is not a workout: \(imported)")
    }

    @Test func aStrengthSessionIsExportedWithItsSets() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("lift.json", HistoryRecordingTests.workout)
        let run = try await PacerProcess.run(["run", "lift.json", "--speed", "20"], in: sandbox, stdin: .text("done 5 @ 80kg\n"))
        #expect(run.status == 0, "\(run)")
        let path = sandbox.path("lift.fit")
        let exported = try await PacerProcess.run(["history", "export", "1", "--to", "fit", "-o", path], in: sandbox)
        #expect(exported.status == 0, "\(exported)")
        let messages = try await Self.readBack(path, in: sandbox)
        #expect(messages["session"]?.first?["sub_sport"] as? String == "strength_training")
        let sets = messages["set"] ?? []
        #expect(sets.first?["repetitions"] as? Int == 5)
        #expect(sets.first?["weight"] as? Double == 80)
        #expect(sets.map { $0["set_type"] as? String }.prefix(2) == ["active", "rest"])
    }

    @Test func manySessionsGoToAFolderAsTCXValidAgainstGarminsSchemas() async throws {
        let sandbox = try Sandbox()
        for _ in 0..<2 {
            let run = try await PacerProcess.run(["run", "tabata", "--speed", "200"], in: sandbox, timeout: 30)
            #expect(run.status == 0, "\(run)")
        }
        let folder = sandbox.path("logbook")
        let exported = try await PacerProcess.run(["history", "export", "--since", "2000-01-01", "--to", "tcx", "-d", folder], in: sandbox)
        #expect(exported.status == 0, "\(exported)")
        #expect(
            exported.stdoutLines.count == 2 && exported.stdoutLines.allSatisfy { $0.hasPrefix(folder + "/") && $0.hasSuffix(".tcx") },
            "\(exported)")
        let xmllint = try #require(Tool.find("xmllint"), "xmllint (Debian libxml2-utils; scripts/test installs it)")
        let schema = PacerBinary.packageRoot.appendingPathComponent("Tests/Fixtures/TCX/TCXWithActivityExtension.xsd").path
        let valid = try await Tool.run(xmllint, ["--noout", "--schema", schema] + exported.stdoutLines, in: sandbox)
        #expect(valid.status == 0, "\(valid)")
    }

    @Test func whatCannotBeExportedIsSaid() async throws {
        let sandbox = try Sandbox()
        let cases: [([String], String)] = [
            (["history", "export", "last", "--to", "fit"], "No sessions recorded yet"),
            (["history", "export", "last"], "needs a format: --to fit or tcx"),
            (["history", "export", "last", "--to", "gpx"], "--to takes fit or tcx, not 'gpx'"),
            (["history", "export", "first", "--to", "fit"], "or 'last', not 'first'"),
            (["history", "export", "--to", "fit"], "or --since DATE with -d DIR"),
            (["history", "export", "--since", "2026-01-01", "--to", "fit"], "or --since DATE with -d DIR"),
            (["history", "export", "3", "--to", "fit", "-d", "out"], "give no ID with them"),
        ]
        for (arguments, message) in cases {
            let result = try await PacerProcess.run(arguments, in: sandbox)
            #expect(result.status != 0 && result.stderr.contains(message) && result.stdout.isEmpty, "\(arguments): \(result)")
        }
        let run = try await PacerProcess.run(["run", "tabata", "--speed", "200"], in: sandbox, timeout: 30)
        #expect(run.status == 0, "\(run)")
        let missing = try await PacerProcess.run(["history", "export", "99", "--to", "tcx"], in: sandbox)
        #expect(missing.status != 0 && missing.stderr.contains("there is no session #99"), "\(missing)")
    }
}

/// A ride measured through standard input, exported with what was measured.
@Suite("history export of a measured ride")
struct MeasuredActivityExportTests {
    static let workout = """
        {"name": "Ride", "steps": [{"work": 20, "name": "Hard", "power": "250 W"}, {"rest": 10, "name": "Easy"}]}
        """

    @Test func theSamplesBecomeRecordsAndTheLapsCarryTheirAverages() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", Self.workout)
        let history = sandbox.path("history.sqlite3")
        let environment = ["PACER_HISTORY": history]
        let run = try await PacerProcess.run(
            ["run", "ride.json", "--speed", "20", "--ftp", "250"], in: sandbox, environment: environment,
            stdin: .text("measure power=250 heart_rate=150 cadence=90\n"))
        #expect(run.status == 0, "\(run)")
        let path = sandbox.path("ride.fit")
        let exported = try await PacerProcess.run(
            ["history", "export", "last", "--to", "fit", "-o", path], in: sandbox,
            environment: environment)
        #expect(exported.status == 0, "\(exported)")
        let messages = try await ActivityExportTests.readBack(path, in: sandbox)
        // How many seconds were sampled depends on how promptly the machine ran the 1.5-s ride (the
        // value is fresh for 3 real seconds): the file holds exactly what the history kept.
        let store = try #require(try HistoryStore.existing(at: history))
        let kept = try store.samples(ofSession: 1)
        let phases = try #require(try store.session(id: 1)).phases
        let records = messages["record"] ?? []
        #expect(!kept.isEmpty && records.count == kept.count, "a record for each of the \(kept.count) samples kept")
        let times = records.compactMap { $0["timestamp"] as? Int }
        #expect(times.count == records.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
        #expect(
            times.map { $0 - (times.first ?? 0) } == kept.map { Int(($0.active - (kept.first?.active ?? 0)).rounded()) },
            "a record at each sample's second of session time")
        #expect(records.allSatisfy { $0["power"] as? Int == 250 && $0["heart_rate"] as? Int == 150 && $0["cadence"] as? Int == 90 })
        #expect(phases.count == 2 && messages["lap"]?.count == phases.count, "a lap for each phase recorded")
        #expect(ActivityExportTests.lapNames(messages) == ["Hard", "Easy"])
        let session = try #require(messages["session"]?.first)
        #expect(session["sport"] as? String == "cycling" && session["sub_sport"] as? String == "indoor_cycling")
        #expect(session["avg_power"] as? Int == 250 && session["normalized_power"] as? Int == 250)
        #expect(session["threshold_power"] as? Int == 250 && session["intensity_factor"] as? Double == 1)
        #expect(session["total_timer_time"] as? Double == 30, "a 30-s workout, at any speed")
        #expect((messages["lap"] ?? []).first?["avg_power"] as? Int == 250)
    }
}
