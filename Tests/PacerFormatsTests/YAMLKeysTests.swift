import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// YAML read as its own tools read it: a key written twice, merge keys, and pacer's own format.
@Suite struct YAMLKeysTests {
    static func imported(_ text: String, files: [String: String] = [:]) throws(WorkoutErrors) -> ImportedWorkout {
        try YAMLWorkoutTests.imported(text, files: files)
    }

    static func timed(_ step: Step?) -> TimedStep? {
        if case .timed(let timed)? = step { timed } else { nil }
    }

    @Test func aKeyWrittenTwiceKeepsTheLastValueWithAWarningAtItsLine() throws {
        let text = "name: Twice\nsteps:\n  - duration: \"1:00\"\n    power: 60\n    power: 90\n"
        let imported = try Self.imported(text)
        #expect(
            Self.timed(imported.workout.steps[0])?.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(90)))),
            "PyYAML keeps the last")
        #expect(
            imported.warnings.map(\.description).contains {
                $0.hasPrefix("5:5: warning: power is written twice") && $0.contains("first at line 4")
            })
    }

    @Test func aKeyWrittenTwiceInAnIncludedFileIsToldAtTheInclude() throws {
        let files = ["inc/w.yaml": "- {duration: \"2:00\", duration: \"3:00\"}\n"]
        let imported = try Self.imported("name: I\nsteps:\n  - !include inc/w.yaml\n", files: files)
        #expect(Plan(imported.workout).planned == .seconds(180))
        #expect(
            imported.warnings.map(\.description).contains {
                $0.hasPrefix("3:5: warning: in inc/w.yaml, at 1:22: duration is written twice")
            })
    }

    @Test func aMergeKeyBringsTheKeysTheStepLacks() throws {
        let text = """
            name: Merged
            defaults:
              interval: &interval {duration: "3:00", power: 105, description: Hard}
              easy: &easy {type: recovery, duration: "2:00"}
            steps:
              - <<: *interval
                description: First
              - <<: [*easy, *interval]
            """
        let imported = try Self.imported(text)
        let first = Self.timed(imported.workout.steps[0])
        let second = Self.timed(imported.workout.steps[1])
        #expect(
            first?.duration == .same(.seconds(180)) && first?.name == .same("First")
                && first?.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(105)))))
        // In a list of merged mappings the first wins a key: the recovery's 2:00, then the interval's name.
        #expect(second?.kind == .rest && second?.duration == .same(.seconds(120)) && second?.name == .same("Hard"))
        #expect(!imported.warnings.contains { $0.message.contains("<<") })
    }

    @Test func aMergeKeyOfAScalarIsRefusedAtItsPlace() {
        #expect(
            YAMLWorkoutTests.refusal("name: M\nsteps:\n  - <<: 5\n    duration: 60\n")?.hasPrefix(
                "3:9: error: a merge key (<<) takes a mapping") == true)
    }

    @Test func pacersOwnFormatInYAMLReadsAsItsJSONDoes() throws {
        let text = """
            name: Mine
            description: Written by hand
            steps:
              - warmup: 5m
                power: ramp 50-75%
              - repeat: 3
                steps:
                  - work: 30s
                    name: Hard
                    power: 105%
                    halfway: true
                  - rest: 30s
              - cooldown: 2m
            """
        let imported = try Self.imported(text)
        let json =
            #"{"pacer":1,"name":"Mine","description":"Written by hand","steps":[{"warmup":"5m","power":"ramp 50-75%"},"#
            + #"{"repeat":3,"steps":[{"work":"30s","name":"Hard","power":"105%","halfway":true},{"rest":"30s"}]},{"cooldown":"2m"}]}"#
        #expect(imported.json == (try WorkoutEncoder.text(of: WorkoutDecoder.decode(Array(json.utf8)))))
        #expect(imported.warnings.isEmpty)
    }

    /// Rep steps, EMOMs, fors and circuits are written whole: the JSON writer once refused them.
    @Test func pacersOwnFormatInYAMLKeepsEveryStepKind() throws {
        let text = """
            name: Kinds
            steps:
              - reps: 10
                name: Squats
                weight: 20 kg
              - every: 1m
                rounds: 3
                steps:
                  - reps: 5
                    name: Burpees
              - for: [A, B]
                steps:
                  - work: 20s
                    name: "{item}"
              - circuit: [Plank, Row]
                work: 40s
                rest: 20s
            """
        let imported = try Self.imported(text)
        let kinds = imported.workout.steps.map { step in
            switch step {
            case .reps: "reps"
            case .emom: "every"
            case .repeated(let block): block.items == nil ? "repeat" : "for"
            case .circuit: "circuit"
            case .timed, .amrap: "other"
            }
        }
        #expect(kinds == ["reps", "every", "for", "circuit"])
        #expect(imported.json.contains(#"{ "circuit": ["Plank", "Row"], "work": "40s", "rest": "20s" }"#), "\(imported.json)")
        #expect(try WorkoutDecoder.decode(Array(imported.json.utf8)) == imported.workout)
    }

    @Test func pacersOwnFormatInYAMLIsRefusedByTheDecodersRulesAtTheYAMLsPlace() {
        let text = "name: Bad\nsteps:\n  - work: 30s\n    power: 1200%\n  - work: 10 minutes\n  - rest: 30s\n    colour: red\n"
        do {
            _ = try Self.imported(text)
            Issue.record("a workout breaking the decoder's rules was read")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.contains { $0.hasPrefix("4:12: error:") && $0.contains("1200%") })
            #expect(lines.contains { $0.hasPrefix("5:11: error:") })
            #expect(lines.contains { $0.hasPrefix("6:5: error:") && $0.contains("colour") }, "an unknown key is told at its step: \(lines)")
        }
    }

    @Test func plainNumbersAndFlagsAreJSONsAndQuotedOnesText() {
        #expect(
            YAMLWorkoutTests.refusal("name: Q\ncountdown: \"5\"\nsteps:\n  - work: 30s\n")?.hasPrefix("2:12: error:") == true,
            "a quoted 5 is text")
        #expect((try? Self.imported("name: Q\ncountdown: 5\nhalfway: true\nsteps:\n  - work: 30s\n"))?.workout.countdown == 5)
    }
}
