import Foundation
import Testing

/// Issue 35, item 2: the athlete's thresholds, in the config and on the command line, turn each
/// target into both forms wherever it is shown.
@Suite("thresholds")
struct ThresholdTests {
    static let ride = #"{"name": "Ride", "steps": [{"work": 2, "name": "Sweet spot", "power": "88-94%"}, {"rest": 1, "heart_rate": "Z2"}]}"#

    @Test func showGivesBothFormsWithTheConfigsFTPAndTheCommandLineWins() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", Self.ride)
        let plain = try await PacerProcess.run(["show", "ride.json"], in: sandbox)
        #expect(plain.status == 0 && plain.stdout.contains("@ 88–94 % FTP\n"), "the row without watts: \(plain)")

        try sandbox.write("home/config/pacer/config.json", #"{"ftp": 200, "lthr": 160}"#)
        let fromConfig = try await PacerProcess.run(["show", "ride.json"], in: sandbox)
        #expect(fromConfig.status == 0 && fromConfig.stdout.contains("@ 88–94 % FTP · 176–188 W"), "\(fromConfig)")
        #expect(fromConfig.stdout.contains("@ Z2 HR · 85–89 % LTHR · 136–142 bpm"), "\(fromConfig)")

        let overridden = try await PacerProcess.run(["show", "--ftp", "250", "--json", "ride.json"], in: sandbox)
        #expect(overridden.status == 0, "\(overridden)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(overridden.stdout.utf8)) as? [String: Any])
        let power = try #require((document["phases"] as? [[String: Any]])?.first?["power"] as? [String: Any])
        #expect((power["watts"] as? [String: Any])?["start"] as? [Double] == [220, 235], "\(overridden)")
        #expect(power["start"] as? [Double] == [0.88, 0.94], "the contract's fractions stay as written: \(overridden)")
    }

    @Test func aRunsEventsCarryTheWatts() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", Self.ride)
        let log = sandbox.path("ride.jsonl")
        let result = try await PacerProcess.run(
            ["run", "ride.json", "--speed", "100", "--no-history", "--ftp", "300", "--log", log], in: sandbox)
        #expect(result.status == 0 && result.stdout.contains("@ 88–94 % FTP · 264–282 W"), "\(result)")
        let start = try #require(try EventLog(path: log).of("phase.start").first)
        let power = try #require(start.fields["power"] as? [String: Any])
        #expect((power["watts"] as? [String: Any])?["end"] as? [Double] == [264, 282], "\(start)")
    }

    @Test func aBadThresholdIsRefusedWithWhatToWrite() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", Self.ride)
        let pace = try await PacerProcess.run(["run", "--threshold-pace", "4:75", "ride.json"], in: sandbox)
        #expect(pace.status == 2 && pace.stderr.contains("4:75/km has 75 seconds"), "\(pace)")
        try sandbox.write("home/config/pacer/config.json", #"{"threshold_pace": 270}"#)
        let config = try await PacerProcess.run(["show", "ride.json"], in: sandbox)
        #expect(config.status == 1 && config.stdout.isEmpty, "\(config)")
        #expect(
            config.stderr.contains(#"config.json:1:20: error: "threshold_pace" is your threshold pace per kilometre as a string"#),
            "\(config)")
        #expect(config.stderr.contains("(see docs/config.md) and run again"), "\(config)")
    }
}

extension ThresholdTests {
    @Test func exportTakesTheConfigsFTP() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", #"{"name": "Ride", "steps": [{"work": 60, "power": "90%"}]}"#)
        let refused = try await PacerProcess.run(["export", "ride.json", "--to", "erg"], in: sandbox)
        #expect(refused.status == 1 && refused.stderr.contains(#"give your FTP with --ftp W or "ftp" in config.json"#), "\(refused)")
        try sandbox.write("home/config/pacer/config.json", #"{"ftp": 200}"#)
        let fromConfig = try await PacerProcess.run(["export", "ride.json", "--to", "erg"], in: sandbox)
        #expect(
            fromConfig.status == 0 && fromConfig.stdout.contains("FTP = 200") && fromConfig.stdout.contains("0.00\t180\n"), "\(fromConfig)")
    }
}

extension ThresholdTests {
    // Issue 42, item 13: a pace share or zone is shown as a pace, per mile when threshold pace is
    // per mile; the command line's threshold pace wins over the config's, with its unit.
    @Test func showGivesAPaceShareAsAPaceInTheThresholdsUnit() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "run.json", #"{"name": "Run", "steps": [{"work": "open", "distance": "1 km", "pace": "95%"}, {"work": "5m", "pace": "Z2"}]}"#)
        let plain = try await PacerProcess.run(["show", "run.json"], in: sandbox)
        #expect(plain.status == 0 && plain.stdout.contains("@ 95 % threshold pace\n") && plain.stdout.contains("@ Z2 pace\n"), "\(plain)")
        try sandbox.write("home/config/pacer/config.json", #"{"threshold_pace": "7:15/mi"}"#)
        let perMile = try await PacerProcess.run(["show", "run.json"], in: sandbox)
        #expect(perMile.status == 0 && perMile.stdout.contains("@ 95 % threshold pace · 7:38 /mi\n"), "\(perMile)")
        #expect(perMile.stdout.contains("@ Z2 pace · 77.5–87.7 % threshold pace · 8:16–9:21 /mi\n"), "\(perMile)")
        let perKilometre = try await PacerProcess.run(["show", "--threshold-pace", "4:30", "run.json"], in: sandbox)
        #expect(perKilometre.status == 0 && perKilometre.stdout.contains("@ 95 % threshold pace · 4:44 /km\n"), "\(perKilometre)")
        #expect(perKilometre.stdout.contains(" open ~4:44 "), "the kilometre's time: \(perKilometre)")
    }

    // Issue 42, item 5: an ERG's `FTP =` is used when the athlete gives none, and said once.
    @Test func anERGsOwnFTPStandsInForYoursAndIsSaidOnce() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "ride.erg",
            "[COURSE HEADER]\nFTP = 250\nMINUTES PERCENT\n[END COURSE HEADER]\n[COURSE DATA]\n0 50\n1 50\n1 100\n2 100\n[END COURSE DATA]\n"
        )
        try sandbox.write(
            "watts.erg", "[COURSE HEADER]\nFTP = 250\nMINUTES WATTS\n[END COURSE HEADER]\n[COURSE DATA]\n0 125\n1 125\n[END COURSE DATA]\n")
        let note = #"ride.erg: note: using the file's FTP of 250 W (--ftp W or "ftp" in config.json gives yours)"#
        let show = try await PacerProcess.run(["show", "ride.erg"], in: sandbox)
        #expect(
            show.status == 0 && show.stdout.contains("@ 50 % FTP · 125 W")
                && show.stdout.contains("Planned load: 23 kJ · NP 209 W (83 % FTP) · IF 0.83"), "\(show)")
        #expect(show.stderr.components(separatedBy: note).count == 2, "the note once: \(show)")

        let yours = try await PacerProcess.run(["show", "--ftp", "300", "ride.erg"], in: sandbox)
        #expect(yours.status == 0 && yours.stdout.contains("@ 50 % FTP · 150 W") && !yours.stderr.contains("note:"), "\(yours)")

        let run = try await PacerProcess.run(["run", "ride.erg", "--speed", "100", "--no-history"], in: sandbox)
        #expect(run.status == 0 && run.stdout.contains("@ 100 % FTP · 250 W"), "\(run)")
        #expect((run.stdout + run.stderr).components(separatedBy: note).count == 2, "the note once: \(run)")

        let imported = try await PacerProcess.run(["import", "ride.erg"], in: sandbox)
        #expect(imported.status == 0 && imported.stdout.contains(#""description": "Written for an FTP of 250 W.""#), "\(imported)")
        #expect(
            imported.stderr.contains(
                "ride.erg: note: a workout file holds no FTP: the file's FTP of 250 W is kept in the description only"), "\(imported)")

        let exported = try await PacerProcess.run(["export", "watts.erg", "--to", "mrc"], in: sandbox)
        #expect(
            exported.status == 0 && exported.stdout.contains("MINUTES PERCENT") && exported.stdout.contains("0.00\t50\n"), "\(exported)")
        #expect(exported.stderr.contains("watts.erg: note: using the file's FTP of 250 W"), "\(exported)")
    }
}
