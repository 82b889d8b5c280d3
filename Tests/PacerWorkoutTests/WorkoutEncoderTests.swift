import Foundation
import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

/// The encoder writes the model whole: every step kind, target and cue form comes back from the
/// decoder as the same workout, laid out as `pacer fmt` lays it out.
@Suite struct WorkoutEncoderTests {
    /// A file in the encoder's spelling, laid out as `pacer fmt` lays it out, with every step kind,
    /// target form and cue form.
    static let canonical = #"""
        {
          "pacer": 1,
          "name": "Every kind",
          "description": "Two\nlines",
          "tags": ["a", "b"],
          "countdown": 5,
          "halfway": true,
          "steps": [
            { "warmup": "10m", "power": "ramp 50-75%", "cadence": "85-95 rpm" },
            {
              "work": "open",
              "name": "Fast lap",
              "target": "1m30s",
              "distance": "400 m",
              "heart_rate": "Z4",
              "pace": "4:00/km",
              "cues": [
                { "at": "30s", "text": "Relax" }
              ]
            },
            {
              "work": "1h2m3.5s",
              "exercise": "Row",
              "power": "250 W",
              "heart_rate": "140-150 bpm",
              "cadence": "90 rpm",
              "halfway": false
            },
            {
              "repeat": 3,
              "name": "Block",
              "rest_between_rounds": "30s",
              "steps": [
                {
                  "work": ["1m", "2m", "3m"],
                  "name": "Round {round}",
                  "power": ["Z3", "88-94%", "free"],
                  "pace": "95%"
                },
                {
                  "rest": "2m",
                  "heart_rate": "85-90% LTHR",
                  "cue": "Breathe",
                  "cues": [
                    { "at": "12.5%", "text": "Quarter" },
                    { "at": "-10s", "text": "Ready" },
                    { "at": "0s", "text": "Last one", "round": 3 }
                  ]
                },
                {
                  "reps": [21, 15, 9],
                  "name": ["A", "B", "C"],
                  "exercise": "Swing",
                  "weight": [20, 24, 28]
                }
              ]
            },
            {
              "for": ["Squats", "Push-ups"],
              "name": "Each",
              "time_cap": "20m",
              "steps": [
                { "work": "20s", "name": "{item}", "power": ["200-220 W", "ramp 150-100 W"] }
              ]
            },
            {
              "circuit": [
                "Plank",
                {
                  "name": "Row",
                  "work": "45s",
                  "cues": [
                    { "at": "10s", "text": "Long strokes" }
                  ],
                  "power": "Z2"
                },
                { "name": "Bike", "exercise": "Air bike", "halfway": false, "cue": "Spin" }
              ],
              "work": "40s",
              "rest": "20s",
              "rounds": 2,
              "rest_between_rounds": "1m"
            },
            {
              "every": "1m",
              "name": "E",
              "rounds": 3,
              "steps": [
                {
                  "reps": 5,
                  "name": "Burpees",
                  "weight": "20 kg",
                  "cap": "40s",
                  "cue": "Go",
                  "cues": [
                    { "at": "10s", "text": "Breathe" }
                  ]
                }
              ]
            },
            {
              "amrap": "5m",
              "name": "Am",
              "steps": [
                { "reps": 5, "name": "Pull-ups" }
              ]
            },
            {
              "cooldown": "5m",
              "name": "Easy",
              "heart_rate": "75% max",
              "pace": "7:00-7:30/mi",
              "cue": "Shake out"
            },
            { "rest": "open", "pace": "1:45/100m" }
          ]
        }

        """#

    /// Decodes, encodes and decodes again; records an issue when the workout changed, or when the
    /// written file is not as `pacer fmt` lays it out or does not write itself back the same.
    static func roundTrip(_ bytes: [UInt8], _ label: String) throws {
        let workout = try WorkoutDecoder.decode(bytes)
        let text = try WorkoutEncoder.text(of: workout)
        let again = try WorkoutDecoder.decode(Array(text.utf8))
        #expect(again == workout, "\(label):\n\(text)")
        #expect(WorkoutLayout.text(of: try JSONParser.parse(Array(text.utf8))) == text, "\(label): pacer fmt would change\n\(text)")
        #expect(try WorkoutEncoder.text(of: again) == text, "\(label): written twice differs\n\(text)")
    }

    @Test func aFileInCanonicalFormIsWrittenAsPacerFmtWritesIt() throws {
        let decoded = try WorkoutDecoder.decodeWithWarnings(Array(Self.canonical.utf8))
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let written = try WorkoutEncoder.text(of: decoded.workout)
        let laidOut = WorkoutLayout.text(of: try JSONParser.parse(Array(Self.canonical.utf8)))
        #expect(laidOut == Self.canonical)
        #expect(written == laidOut, "\(written)\n---\n\(laidOut)")
        try Self.roundTrip(Array(Self.canonical.utf8), "canonical")
    }

    @Test func everyShippedWorkoutAndFixtureComesBackTheSame() throws {
        let shipped = try WorkoutFixture.shippedJSONFiles().filter { $0.name != "schema.json" }
        #expect(shipped.count >= 13, "\(shipped.map(\.name))")
        let examples = try SchemaExamples.all("workout").filter(\.valid)
        #expect(examples.count >= 18, "\(examples.map(\.name))")
        let all = shipped + examples.map { ($0.name, Array($0.text.utf8)) } + [("hostile-workout.json", try HostileFixture.bytes())]
        for (name, bytes) in all {
            try Self.roundTrip(bytes, name)
        }
    }

    /// The shipped workouts, damaged by the fuzz tests' mutator: each that still decodes comes back.
    @Test func generatedWorkoutsComeBackTheSame() async throws {
        let files = try WorkoutFixture.shippedJSONFiles().filter { $0.name != "schema.json" }
        var mutator = Mutator(random: SplitMix64(seed: 0xE4C0_DE42))
        var accepted = 0
        for iteration in 0..<1_500 {
            if iteration.isMultiple(of: 25) { await Task.yield() }
            var bytes = files[iteration % files.count].bytes
            repeat { mutator.mutate(&bytes) } while mutator.int(0...3) == 0
            guard case .success = WorkoutFixture.decode(bytes) else { continue }
            accepted += 1
            try Self.roundTrip(bytes, "mutation #\(iteration) of \(files[iteration % files.count].name)")
        }
        #expect(accepted >= 100)
    }

    @Test func whatTheDecoderTakesWithoutAKeyIsLeftOut() throws {
        let workout = try WorkoutDecoder.decode(
            Array(
                #"{"name": "x", "countdown": 3, "halfway": false, "steps": [{"circuit": [{"name": "A"}], "work": "30s", "rounds": 1}]}"#
                    .utf8))
        guard case .object(let members) = try WorkoutEncoder.encode(workout).content else {
            Issue.record("a workout is not written as an object")
            return
        }
        #expect(members.map(\.key) == ["pacer", "name", "steps"])
        #expect(try WorkoutEncoder.text(of: workout).contains(#"{ "circuit": ["A"], "work": "30s" }"#))
    }

    @Test func aShareOfThePhaseIsWrittenInTheFewestDigitsThatReadBack() throws {
        // As the decoder makes a share: the percentage written, over 100.
        for (written, percent) in [
            ("50%", 50.0), ("12.5%", 12.5), ("33.3%", 33.3), ("0.01%", 0.01), ("99.99%", 99.99), ("14.285714%", 14.285714),
        ] {
            let share = percent / 100
            let workout = Workout(
                name: "x",
                steps: [.timed(TimedStep(kind: .work, duration: .same(.seconds(60)), cues: [WrittenCue(at: .share(share), text: "Now")]))])
            #expect(try WorkoutEncoder.text(of: workout).contains(#""at": "\#(written)""#), "\(share)")
            #expect(try WorkoutDecoder.decode(Array(WorkoutEncoder.text(of: workout).utf8)) == workout)
        }
    }

    @Test func aTargetWithoutAWrittenFormIsNamedWithItsPlace() throws {
        let ramp = PowerTarget.target(.watts, TargetSpan(start: TargetRange(100, 120), end: TargetRange(200, 220)))
        let step = TimedStep(kind: .work, duration: .same(.seconds(60)), targets: WrittenTargets(power: .same(ramp)))
        let workout = Workout(name: "x", steps: [.timed(step), .repeated(RepeatStep(count: 2, steps: [.timed(step)]))])
        #expect(throws: UnwritableWorkout(path: "steps[0].power", reason: "a ramp between two ranges has no written form")) {
            try WorkoutEncoder.encode(workout)
        }
    }

    @Test func durationsAreWrittenInTheirShortFileSpelling() {
        let cases: [(Int64, String)] = [
            (45_000, "45s"), (300_000, "5m"), (3_750_000, "1h2m30s"), (12_500, "12.5s"), (3_600_000, "1h"), (1, "0.001s"),
        ]
        for (milliseconds, text) in cases {
            #expect(WorkoutEncoder.duration(WorkoutDuration(milliseconds: milliseconds)) == text)
        }
    }
}
