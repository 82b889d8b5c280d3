import Foundation
import Testing

/// Issue 35, item 2: the athlete's thresholds in a run, and where a run and show meet them (show and
/// export alone are tested in-process, in PacerCommandsTests).
@Suite("thresholds")
struct ThresholdTests {
    static let ride = #"{"name": "Ride", "steps": [{"work": 2, "name": "Sweet spot", "power": "88-94%"}, {"rest": 1, "heart_rate": "Z2"}]}"#

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
