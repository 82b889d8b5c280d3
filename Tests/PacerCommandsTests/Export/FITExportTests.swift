import Foundation
import Testing

/// `pacer export --to fit` as a watch meets the file, read back by Garmin's own SDK
/// (scripts/fit-readback.py): the user's thresholds give absolute targets, every sport carries its
/// own, and no two exports share an identity.
@Suite("export to FIT")
struct FITExportTests {
    /// The whole readback: `file_id`, `workout` and the steps as written, each with its `targets`.
    /// Exports `workout` with `options` and reads it back.
    static func export(_ workout: String, _ options: [String] = [], in home: CommandLineHome) throws -> (
        read: [String: Any], stderr: String
    ) {
        let path = home.file("export-\(UUID().uuidString).fit")
        let exported = home.call(["export", workout, "--to", "fit", "-o", path] + options)
        #expect(exported.status == 0, "\(exported)")
        return (try FITReadback.read(path, in: home), exported.stderr)
    }

    static func targets(_ read: [String: Any]) -> [[String: [String: Any]]] {
        (read["steps"] as? [[String: Any]] ?? []).map { $0["targets"] as? [String: [String: Any]] ?? [:] }
    }

    @Test func thresholdsOnTheCommandLineGiveBeatsAndSpeedAWatchCanFollow() throws {
        let home = try CommandLineHome()
        let (read, stderr) = try Self.export(
            "3m @ 90-95% LTHR, 3m @ 140% max, open 400 m @ 95% pace",
            ["--lthr", "170", "--max-hr", "180", "--threshold-pace", "4:00"], in: home)
        let targets = Self.targets(read)
        try #require(targets.count == 3, "\(read)")
        #expect(targets[0]["heart_rate"]?["bpm"] as? [Int] == [153, 162], "not the watch's zone 3: \(targets[0])")
        #expect(targets[1]["heart_rate"]?["bpm"] as? [Int] == [252, 252], "never 40 bpm: \(targets[1])")
        let speed = try #require(targets[2]["speed"]?["m_per_s"] as? [Double])
        #expect(abs(speed[0] - 0.95 * 1000 / 240) < 0.001, "\(targets[2])")
        #expect(!stderr.contains("warning"), "nothing was approximated: \(stderr)")
    }

    @Test func thresholdsInTheConfigCountAndTheFlagWins() throws {
        let home = try CommandLineHome()
        try home.write("config/pacer/config.json", #"{"lthr": 170}"#)
        let config = try Self.export("3m @ 90-95% LTHR", in: home)
        #expect(Self.targets(config.read).first?["heart_rate"]?["bpm"] as? [Int] == [153, 162], "\(config.read)")
        let flag = try Self.export("3m @ 90-95% LTHR", ["--lthr", "160"], in: home)
        #expect(Self.targets(flag.read).first?["heart_rate"]?["bpm"] as? [Int] == [144, 152], "\(flag.read)")
    }

    @Test func withoutAThresholdWhatFITHoldsIsWrittenAndTheApproximationSaid() throws {
        let home = try CommandLineHome()
        let (read, stderr) = try Self.export("3m @ 90-95% LTHR, 3m @ 140% max", in: home)
        let targets = Self.targets(read)
        #expect(targets.first?["heart_rate"]?["zone"] as? Int == 3, "\(targets)")
        #expect(targets.last?["heart_rate"]?["percent_max"] as? [Int] == [100, 100], "\(targets)")
        #expect(stderr.contains("give --lthr to write beats") && stderr.contains("give --max-hr to write beats"), "\(stderr)")
    }

    @Test func aRideARunASwimAStrengthAndAHIITSessionEachCarryTheirSport() throws {
        let home = try CommandLineHome()
        let cases: [(String, String, String)] = [
            ("sweet-spot", "cycling", "generic"),
            ("{tags: bike} 30m Endurance @ Z2 HR", "cycling", "generic"),
            ("track-400", "running", "generic"),
            ("10x(open 100 m @ 1:45/100m) / 20s", "swimming", "generic"),
            ("{tags: strength} 5x(1m Squats) / 2m", "training", "strength_training"),
            ("tabata", "hiit", "generic"),
        ]
        for (workout, sport, subSport) in cases {
            let read = try Self.export(workout, in: home).read
            let fields = read["workout"] as? [String: Any]
            #expect(fields?["sport"] as? String == sport && fields?["sub_sport"] as? String == subSport, "\(workout): \(fields ?? [:])")
        }
    }

    @Test func twoExportsNeverShareAFileIdentity() throws {
        let home = try CommandLineHome()
        var serials: Set<Int> = []
        for workout in ["tabata", "tabata", "sweet-spot"] {
            let fileID = try #require(try Self.export(workout, in: home).read["file_id"] as? [String: Any])
            serials.insert(try #require(fileID["serial_number"] as? Int, "\(fileID)"))
            let created = try #require(fileID["time_created"] as? String, "\(fileID)")
            #expect(created.hasPrefix(String(Calendar(identifier: .gregorian).component(.year, from: Date()))), "\(created)")
        }
        #expect(serials.count == 3, "\(serials)")
    }

    @Test func aDistanceLabelTheFileCannotKeepIsSaid() throws {
        let home = try CommandLineHome()
        let (_, stderr) = try Self.export("3m Tempo {distance: 1 km}, open Lap {distance: one lap}", in: home)
        #expect(stderr.contains("FIT has no distance on a timed step: its distance label is dropped (\"Tempo\")"), "\(stderr)")
        #expect(stderr.contains("(\"one lap\") is dropped (\"Lap\")"), "\(stderr)")
    }
}
