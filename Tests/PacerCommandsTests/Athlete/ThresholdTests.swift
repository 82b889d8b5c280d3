import Foundation
import Testing

/// Issue 35, item 2: the athlete's thresholds, in the config and on the command line, turn each
/// target into both forms wherever it is shown (in a run, tested end to end).
@Suite("thresholds")
struct ThresholdTests {
    static let ride = #"{"name": "Ride", "steps": [{"work": 2, "name": "Sweet spot", "power": "88-94%"}, {"rest": 1, "heart_rate": "Z2"}]}"#

    @Test func showGivesBothFormsWithTheConfigsFTPAndTheCommandLineWins() throws {
        let home = try CommandLineHome()
        let ride = try home.write("ride.json", Self.ride)
        let plain = home.call(["show", ride])
        #expect(plain.status == 0 && plain.stdout.contains("@ 88–94 % FTP\n"), "the row without watts: \(plain)")

        try home.write("config/pacer/config.json", #"{"ftp": 200, "lthr": 160}"#)
        let fromConfig = home.call(["show", ride])
        #expect(fromConfig.status == 0 && fromConfig.stdout.contains("@ 88–94 % FTP · 176–188 W"), "\(fromConfig)")
        #expect(fromConfig.stdout.contains("@ Z2 HR · 85–89 % LTHR · 136–142 bpm"), "\(fromConfig)")

        let overridden = home.call(["show", "--ftp", "250", "--json", ride])
        #expect(overridden.status == 0, "\(overridden)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(overridden.stdout.utf8)) as? [String: Any])
        let power = try #require((document["phases"] as? [[String: Any]])?.first?["power"] as? [String: Any])
        #expect((power["watts"] as? [String: Any])?["start"] as? [Double] == [220, 235], "\(overridden)")
        #expect(power["start"] as? [Double] == [0.88, 0.94], "the contract's fractions stay as written: \(overridden)")
    }

}

extension ThresholdTests {
    @Test func exportTakesTheConfigsFTP() throws {
        let home = try CommandLineHome()
        let ride = try home.write("ride.json", #"{"name": "Ride", "steps": [{"work": 60, "power": "90%"}]}"#)
        let refused = home.call(["export", ride, "--to", "erg"])
        #expect(refused.status == 1 && refused.stderr.contains(#"give your FTP with --ftp W or "ftp" in config.json"#), "\(refused)")
        try home.write("config/pacer/config.json", #"{"ftp": 200}"#)
        let fromConfig = home.call(["export", ride, "--to", "erg"])
        #expect(
            fromConfig.status == 0 && fromConfig.stdout.contains("FTP = 200") && fromConfig.stdout.contains("0.00\t180\n"), "\(fromConfig)")
    }
}

extension ThresholdTests {
    // Issue 42, item 13: a pace share or zone is shown as a pace, per mile when threshold pace is
    // per mile; the command line's threshold pace wins over the config's, with its unit.
    @Test func showGivesAPaceShareAsAPaceInTheThresholdsUnit() throws {
        let home = try CommandLineHome()
        let run = try home.write(
            "run.json", #"{"name": "Run", "steps": [{"work": "open", "distance": "1 km", "pace": "95%"}, {"work": "5m", "pace": "Z2"}]}"#)
        let plain = home.call(["show", run])
        #expect(plain.status == 0 && plain.stdout.contains("@ 95 % threshold pace\n") && plain.stdout.contains("@ Z2 pace\n"), "\(plain)")
        try home.write("config/pacer/config.json", #"{"threshold_pace": "7:15/mi"}"#)
        let perMile = home.call(["show", run])
        #expect(perMile.status == 0 && perMile.stdout.contains("@ 95 % threshold pace · 7:38 /mi\n"), "\(perMile)")
        #expect(perMile.stdout.contains("@ Z2 pace · 77.5–87.7 % threshold pace · 8:16–9:21 /mi\n"), "\(perMile)")
        let perKilometre = home.call(["show", "--threshold-pace", "4:30", run])
        #expect(perKilometre.status == 0 && perKilometre.stdout.contains("@ 95 % threshold pace · 4:44 /km\n"), "\(perKilometre)")
        #expect(perKilometre.stdout.contains(" open ~4:44 "), "the kilometre's time: \(perKilometre)")
    }

}
