import Foundation
import Testing

/// `pacer export`: FIT files read back by Garmin's own SDK, refusals, and -o written whole.
@Suite("export")
struct ExportTests {
    static let fitWorkouts = ["sweet-spot", "track-400", "tabata", "seven-minute", "pyramid", "tabata-four"]

    /// The steps of a FIT file as Garmin's SDK reads them (scripts/fit-readback.py), repeats written out.
    static func fitSteps(_ path: String, in home: CommandLineHome) throws -> (workout: [String: Any], steps: [[String: Any]]) {
        let object = try FITReadback.read(path, in: home)
        let written = try #require(object["steps"] as? [[String: Any]])
        var steps: [[String: Any]] = []
        var starts: [Int: Int] = [:]
        for step in written {
            let index = try #require(step["message_index"] as? Int)
            if step["duration_type"] as? String == "repeat_until_steps_cmplt" {
                let first = try #require(step["duration_step"] as? Int)
                let from = try #require(starts[first])
                let count = try #require(step["repeat_steps"] as? Int)
                let round = Array(steps[from...])
                for _ in 1..<count { steps += round }
            } else {
                starts[index] = steps.count
                steps.append(step)
            }
        }
        #expect(object["file_id"].flatMap { $0 as? [String: Any] }?["type"] as? String == "workout")
        let workout = try #require(object["workout"] as? [String: Any])
        #expect(workout["num_valid_steps"] as? Int == written.count)
        return (workout, steps)
    }

    static func phases(_ name: String, in home: CommandLineHome) throws -> [[String: Any]] {
        let shown = home.call(["show", "--json", name])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        return try #require(object["phases"] as? [[String: Any]])
    }

    /// [low, high] of a target's values over the step, through `value`.
    static func range(_ target: Any?, _ value: (Double) -> Double) -> [Int]? {
        guard let target = target as? [String: Any], let start = target["start"] as? [Double], let end = target["end"] as? [Double] else {
            return nil
        }
        let values = (start + end).map { Int(value($0).rounded()) }
        return [values.min()!, values.max()!]
    }

    @Test func fitFilesAreReadBackByGarminsSDKWithTheSameSteps() throws {
        let home = try CommandLineHome()
        let kinds = ["work": "active", "rest": "rest", "prepare": "rest", "warmup": "warmup", "cooldown": "cooldown"]
        for name in Self.fitWorkouts {
            let path = home.file("\(name).fit")
            let exported = home.call(["export", name, "--to", "fit", "-o", path])
            #expect(exported.status == 0 && exported.stdout.isEmpty, "\(exported)")
            let (workout, steps) = try Self.fitSteps(path, in: home)
            let phases = try Self.phases(name, in: home)
            #expect(steps.count == phases.count, "\(name): \(steps.count) FIT steps for \(phases.count) phases")
            if name == "track-400" {
                #expect(
                    workout["num_valid_steps"] as? Int == 5,
                    "the six 400s are one repeat: warm-up, 400 m and walk, the repeat step, cool-down")
            }
            #expect(workout["wkt_name"] as? String != nil)
            for (step, phase) in zip(steps, phases) {
                let label = "\(name): \(phase["name"] ?? "?")"
                // A step written once for every round of a repeat drops the round its name is numbered by.
                let name = phase["name"] as? String ?? ""
                let round = (phase["round"] as? Int).flatMap { round in (phase["rounds"] as? Int).map { " \(round)/\($0)" } } ?? "\u{0}"
                let names = [name, name.hasSuffix(round) ? String(name.dropLast(round.count)) : name]
                #expect(names.contains(step["wkt_step_name"] as? String ?? "?"), "\(label): \(step)")
                #expect(step["intensity"] as? String == kinds[phase["kind"] as? String ?? ""], "\(label)")
                if let seconds = phase["duration"] as? Double {
                    #expect(step["duration_type"] as? String == "time" && step["duration_time"] as? Double == seconds, "\(label): \(step)")
                } else {
                    #expect(
                        step["duration_type"] as? String == "distance"
                            && step["duration_distance"] as? Double == phase["distance_m"] as? Double, "\(label): \(step)")
                }
                var expected: [(String, [Int])] = []
                if let power = Self.range(phase["power"], { $0 * 100 }) { expected.append(("power", power)) }
                if let zone = (phase["heart_rate"] as? [String: Any])?["start"] as? [Double] {
                    expected.append(("heart_rate", [Int(zone[0])]))
                }
                if let speed = Self.range(phase["pace"], { 1_000_000 / $0 }) { expected.append(("speed", speed)) }
                if let cadence = Self.range(phase["cadence"], { $0 }) { expected.append(("cadence", cadence)) }
                #expect(step["target_type"] as? String == (expected.first?.0 ?? "open"), "\(label): \(step)")
                for ((type, values), prefix) in zip(expected, ["", "secondary_"]) {
                    #expect(step[prefix + "target_type"] as? String == type, "\(label)")
                    if type == "heart_rate" {
                        #expect(step[prefix + "target_hr_zone"] as? Int == values[0], "\(label): \(step)")
                    } else {
                        let low = step[prefix + "custom_target_value_low"] as? Int
                        let high = step[prefix + "custom_target_value_high"] as? Int
                        #expect([low, high] == values.map { Optional($0) }, "\(label): \(type) \(values) \(step)")
                    }
                }
            }
        }
    }

    @Test func fitTargetsUseTheProfilesOffsets() throws {
        let home = try CommandLineHome()
        let targets = try home.write(
            "targets.json",
            """
            {"name": "Targets", "steps": [
              {"work": "2m", "name": "Watts", "power": "250-260 W"},
              {"work": "1m", "name": "Beats", "heart_rate": "140-150 bpm", "cadence": "90 rpm"},
              {"work": "1m", "name": "Max", "heart_rate": "75% max"},
              {"work": "1m", "name": "Zone", "power": "Z3"},
              {"work": "open", "name": "Until done", "pace": "7:00/mi"}]}
            """)
        let path = home.file("targets.fit")
        let exported = home.call(["export", targets, "--to", "fit", "-o", path])
        #expect(exported.status == 0, "\(exported)")
        let steps = try Self.fitSteps(path, in: home).steps
        try #require(steps.count == 5)
        // Watts are offset by 1000, beats by 100; a share of maximum heart rate is as is.
        #expect(steps[0]["custom_target_power_low"] as? Int == 1250 && steps[0]["custom_target_power_high"] as? Int == 1260, "\(steps[0])")
        #expect(
            steps[1]["custom_target_heart_rate_low"] as? Int == 240 && steps[1]["custom_target_heart_rate_high"] as? Int == 250,
            "\(steps[1])")
        #expect(
            steps[1]["secondary_target_type"] as? String == "cadence" && steps[1]["secondary_custom_target_cadence_low"] as? Int == 90,
            "\(steps[1])")
        #expect(steps[2]["custom_target_heart_rate_low"] as? Int == 75, "\(steps[2])")
        #expect(steps[3]["target_type"] as? String == "power" && steps[3]["target_power_zone"] as? Int == 3, "\(steps[3])")
        #expect(steps[4]["duration_type"] as? String == "open", "\(steps[4])")
        let speed = try #require(steps[4]["custom_target_speed_low"] as? Double)
        #expect(abs(speed - 1609.344 / 420) < 0.001, "7:00/mi is \(1609.344 / 420) m/s: \(steps[4])")
    }

    @Test func aStepTheFormatCannotSayIsRefusedByName() throws {
        let home = try CommandLineHome()
        let path = home.file("fran.erg")
        let refused = home.call(["export", "fran", "--to", "erg", "--ftp", "250", "-o", path])
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        #expect(refused.stderr.contains("\"Thrusters\" is a rep step of 21 reps"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let noFTP = home.call(["export", "sweet-spot", "--to", "erg"])
        #expect(noFTP.status == 1 && noFTP.stderr.contains("\"Warm up\"") && noFTP.stderr.contains("--ftp"), "\(noFTP)")
    }

    @Test func dashOReplacesTheFileWholeAndTextGoesToStandardOutput() throws {
        let home = try CommandLineHome()
        let path = try home.write("ride.zwo", "old")
        let written = home.call(["export", "sweet-spot", "--to", "zwo", "-o", path])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written)")
        let printed = home.call(["export", "sweet-spot", "--to", "zwo"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout && printed.stdout.hasSuffix("</workout_file>\n"))
        let missing = home.call(
            ["export", "tabata", "--to", "mrc", "-o", home.file("no/such/folder/t.mrc")])
        #expect(missing.status == 1 && missing.stderr.contains("no/such/folder/t.mrc"), "\(missing)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix(".ride.zwo.") }
        #expect(leftovers.isEmpty)
    }
}
