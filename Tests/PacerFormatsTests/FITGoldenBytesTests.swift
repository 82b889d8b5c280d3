import PacerWorkout
import Testing

@testable import PacerFormats

/// The FIT files pacer writes, byte for byte: the length and FNV-1a digest of each exported
/// activity and workout, taken from the writers before their numbers moved into one profile, so a
/// change to the profile or the writers that changes a single byte fails here.
@Suite struct FITGoldenBytesTests {
    /// `length:digest`, the digest FNV-1a 64 in hex.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        let digest = bytes.reduce(14_695_981_039_346_656_037 as UInt64) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        return "\(bytes.count):" + String(digest, radix: 16)
    }

    static let activities: [(name: String, activity: Activity, expected: String)] = [
        ("ride", ActivityFixtures.ride(), "4554:57f69f53b352866b"),
        ("tabata", ActivityFixtures.tabata(), "978:232404be898c2f9"),
        ("strength", ActivityFixtures.strength(), "1014:85cc28f0b40554a7"),
        ("hostile", ActivityFixtures.hostile(), "1069:9194ac86b2e3a6e1"),
    ]

    @Test func anActivityIsWrittenAsBefore() {
        for (name, activity, expected) in Self.activities {
            #expect(Self.fingerprint(ActivityExport.write(activity, as: .fit)) == expected, "\(name)")
        }
    }

    /// Every kind of step and target the writer has a path for: zones, shares, absolute values, a
    /// ramp, two targets and a third dropped, repeats, distance, open steps and cues, in each sport.
    static let workouts: [(tags: [String], notation: String, expected: String)] = [
        (
            ["bike"],
            "10m warmup Warm up @ ramp 50-75% 85-95 rpm, 10s prepare Get ready {cue: Sweet spot next}, "
                + "3x(10m Sweet spot @ 88-94% 85-95 rpm) / 5m, 4m @ 250 W Z2 HR, 3m @ Z3 90 rpm 140 bpm, 10m cooldown Easy @ ramp 60-40%",
            "886:7042a747bd4ceeae 886:af201cecf48c2eb4"
        ),
        (
            ["run"],
            "10m @ Z2 HR, 5x(open 400 m @ 4:00/km 140-150 bpm {distance: 400 m}, 90s rest @ 70% max), "
                + "open Fast @ 95% pace {distance: 400 m}, 3m @ 90-95% LTHR, 3m @ 140% max, 5m @ Z3 pace, open Jog {distance: 2 km}",
            "727:6c255bb943b63829 696:fec0a5c9da8008df"
        ),
        (["strength"], "3x(45s Squat, 90s rest), 2x(30s Plank, 30s rest)", "341:17f28910742c1ae0 341:e7810943ca9ec22b"),
        (["hiit"], "8x(20s Sprint, 10s rest)", "209:458e06b611172692 209:8cacda4f42d58a28"),
        (["swim"], "4x(open 100 m @ 1:45/100m {distance: 100 m}, 20s rest)", "259:8b11c4f9cd1aef2a 259:91e48f1ffbedd43f"),
        (["walk"], "30m Walk", "122:8af671d16aba2328 122:9f72c6b9b68a56be"),
        (["row"], "5x(500 m Row {distance: 500 m}, 1m rest)", "224:87eeeffe15eeeac6 224:7b4b27439329023b"),
        ([], "10m @ 88%", "144:f02b0fba0054d57a 144:fbaeace671ccd9a2"),
    ]

    @Test func aWorkoutIsWrittenAsBeforeWithAndWithoutThresholds() throws {
        let thresholds = TargetThresholds(ftp: 250, lthr: 170, maxHeartRate: 190, thresholdPace: 240)
        let identity = FITFileIdentity(created: 1_800_000_000, nonce: 7)
        for (tags, notation, expected) in Self.workouts {
            var workout = try NotationWorkout(notation).decode().workout
            workout.tags = tags
            let without = try WorkoutExport.write(workout, as: .fit)
            let with = try WorkoutExport.write(workout, as: .fit, thresholds: thresholds, identity: identity)
            #expect(Self.fingerprint(without.bytes) + " " + Self.fingerprint(with.bytes) == expected, "\(tags) \(notation)")
        }
    }
}
