import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// YAML workouts through libyaml: qintervals and garmin-workouts, includes, and hostile files.
@Suite struct YAMLWorkoutTests {
    /// Includes read from a table of files, as if in the workout's folder.
    static func includes(_ files: [String: String], file: String = "w.yaml") -> YAMLIncludes {
        YAMLIncludes(file: file) { path in
            files[path].map { .success(Array($0.utf8)) } ?? .failure(.init("no such file"))
        }
    }

    static func imported(_ text: String, files: [String: String] = [:]) throws(WorkoutErrors) -> ImportedWorkout {
        try WorkoutImport.read(Array(text.utf8), format: .yaml, name: "yaml", includes: includes(files))
    }

    static func refusal(_ text: String, files: [String: String] = [:]) -> String? {
        do {
            _ = try imported(text, files: files)
            return nil
        } catch { return error.diagnostics.first?.description }
    }

    @Test func qintervalsBlocksNestAndTheirTimesAddUp() throws {
        let (warmup, hard, nested, inner, easy, rounds, down) = (180, 40, 20, 2, 20, 3, 120)
        let text = """
            title: Blocks
            intervals:
              - {type: warmup, name: Up, length: \(warmup / 60)m}
              - block:
                  repeats: \(rounds)
                  intervals:
                    - {type: work, name: Hard, length: \(hard)s}
                    - block: {repeats: \(inner), intervals: [{type: work, name: Nested, length: "0:\(nested)"}]}
                    - {type: rest, name: Easy, length: \(easy)}
              - {type: warmdown, name: Down, length: \(down / 60)m}
            """
        let imported = try Self.imported(text)
        #expect(imported.workout.name == "Blocks")
        #expect(Plan(imported.workout).planned == .seconds(Int64(warmup + rounds * (hard + inner * nested + easy) + down)))
        guard case .repeated(let block) = imported.workout.steps[1], case .repeated(let nestedBlock) = block.steps[1] else {
            Issue.record("a block holding a block: \(imported.workout.steps)")
            return
        }
        #expect(block.count == rounds && nestedBlock.count == inner)
        if case .timed(let last) = imported.workout.steps[2] { #expect(last.kind == .cooldown, "warmdown is a cool-down") }
    }

    @Test func skipLastRestLeavesOutTheRestEndingTheLastRound() throws {
        let (on, off, rounds) = (30, 15, 4)
        let text =
            "title: S\nintervals:\n  - block:\n      repeats: \(rounds)\n      skip_last_rest: true\n      intervals:\n        - {type: work, name: On, length: \(on)}\n        - {type: rest, name: Off, length: \(off)}\n"
        let imported = try Self.imported(text)
        #expect(Plan(imported.workout).planned == .seconds(Int64(rounds * (on + off) - off)))
        #expect(Plan(imported.workout).phases.last?.kind == .work)
    }

    // Issue 41, item 18: every length too short or too long was "longer than a step may last (24 hours)".
    @Test func aLengthUnderAMillisecondIsTooShortAsEveryReaderSays() throws {
        let short = "is too short for a step, which lasts at least a millisecond"
        #expect(Self.refusal("title: Q\nintervals:\n  - {type: work, length: 0.0004}\n") == "3:26: error: 0.0004 \(short)")
        #expect(Self.refusal("name: G\nsteps:\n  - {type: run, duration: 0.0004s}\n") == "3:27: error: 0.0004s \(short)")
        #expect(
            Self.refusal("name: G\nsteps:\n  - {type: run, duration: 25h}\n")
                == "3:27: error: 25h is longer than a step may last (24 hours)")
        let phases = Plan(
            try Self.imported("title: Q\nintervals:\n  - {type: work, length: 0.5}\n  - {type: rest, length: 30.0000001}\n").workout
        ).phases
        #expect(
            phases.map(\.duration) == [.init(milliseconds: 500), .seconds(30)], "half a second is a step; float noise is no millisecond")
    }

    @Test func garminWorkoutsIncludesAliasesAndOpenSteps() throws {
        let (warm, easy, on, rounds) = (600, 120, 60, 3)
        let text = """
            name: VO2
            description: Intervals
            sport: running
            easy: &easy {type: recovery, duration: "2:00", power: 55}
            steps:
              - !include inc\\warm.yaml
              - {type: run, duration: 0.8km, target: 5KM_PACE, description: 5K pace}
              - repeat: \(rounds)
                steps:
                  - {duration: "1:00", power: 110}
                  - *easy
              - {type: cooldown, description: Jog home}
            """
        let files = ["inc/warm.yaml": "- {type: warmup, duration: \"10:00\", power: 60, description: Aerobic}\n"]
        let imported = try Self.imported(text, files: files)
        #expect(imported.workout.name == "VO2" && imported.workout.tags == ["running"])
        #expect(Plan(imported.workout).planned == .seconds(Int64(warm + rounds * (on + easy))))
        let phases = Plan(imported.workout).phases
        #expect(phases.first?.kind == .warmup && phases.first?.name == "Aerobic", "the included step comes first")
        #expect(phases.filter { $0.duration == nil }.count == 2, "the 0.8 km step and the step without a duration are open")
        #expect(
            imported.warnings.map(\.description) == [
                "4:7: warning: easy is not something pacer reads here: dropped",
                "7:42: warning: the target 5KM_PACE is set in garmin-workouts' own settings (its targets file), which pacer does not have: the step keeps no target from it",
            ])
    }

    @Test func includesOutsideTheTreeAbsoluteOrInALoopAreRefused() {
        let head = "name: X\nsteps:\n  - "
        #expect(
            Self.refusal(head + "!include /etc/passwd\n")
                == "3:5: error: !include /etc/passwd is refused: a workout includes only files in its own folder or below it, by a relative path"
        )
        #expect(
            Self.refusal(head + "!include ../secret.yaml\n")?.contains("is refused: a workout includes only files in its own folder")
                ?? false)
        #expect(Self.refusal(head + "!include inc/../../x.yaml\n")?.contains("is refused") ?? false)
        let loop = ["a.yaml": "- !include b.yaml\n", "b.yaml": "- !include a.yaml\n"]
        #expect(
            Self.refusal(head + "!include a.yaml\n", files: loop)
                == "3:5: error: !include a.yaml includes itself again (w.yaml -> a.yaml -> b.yaml -> a.yaml): a loop")
        #expect(Self.refusal(head + "!include w.yaml\n")?.contains("a loop") ?? false, "a file including itself")
        let wide = "- [" + Array(repeating: "x", count: YAMLDocument.maximumNodes / 4).joined(separator: ", ") + "]\n"
        let many = head + Array(repeating: "!include wide.yaml", count: 5).joined(separator: "\n  - ") + "\n"
        #expect(
            Self.refusal(many, files: ["wide.yaml": wide])?.contains("the workout and its includes stand for more than") ?? false,
            "includes share one limit")
        #expect(Self.refusal(head + "!include gone.yaml\n") == "3:5: error: !include gone.yaml: no such file")
        #expect(
            Self.refusal(head + "!include bad.yaml\n", files: ["bad.yaml": "- [1, 2\n"])?.hasPrefix(
                "3:5: error: in bad.yaml, at 2:1: the YAML is malformed") ?? false)
    }

    @Test func anAliasBombIsRefusedUnexpanded() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "steps: [*a9]\n"
        let refusal = Self.refusal(text)
        #expect(refusal?.contains("the YAML stands for more than \(YAMLDocument.maximumNodes) nodes") ?? false, "\(refusal ?? "accepted")")
    }

    @Test func deepNestingStopsAtTheLimit() {
        let depth = 10_000
        let text = "steps: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        #expect(Self.refusal(text)?.contains("the YAML nests more than \(YAMLDocument.maximumDepth) deep") ?? false)
    }

    @Test func badYAMLAndUnknownDialectsAreRefusedAtTheirPlace() {
        #expect(Self.refusal("title: x\nintervals: [\n")?.hasPrefix("3:1: error: the YAML is malformed") ?? false)
        #expect(
            Self.refusal("foo: 1\nbar: 2\n")
                == "1:1: error: this YAML has the keys foo, bar: pacer reads its own workouts (name, steps: [- work: 30s]), qintervals ones (title, intervals) and garmin-workouts ones (name, steps: [- duration: ...])"
        )
        #expect(
            Self.refusal("title: x\nintervals:\n  - {type: sprint, length: 10}\n")
                == "3:12: error: type: sprint is not one qintervals has: work, rest, warmup or warmdown")
        #expect(
            Self.refusal("title: x\nintervals:\n  - {type: work}\n")
                == "3:5: error: this interval has no length: write one, such as length: 30s")
        #expect(
            Self.refusal("title: x\nintervals:\n  - block: {repeats: 0, intervals: [{type: work, length: 5}]}\n")
                == "3:22: error: repeats: 0 is not a number of rounds from 1 to 1000")
        #expect(
            Self.refusal("name: x\nsteps:\n  - {duration: soon}\n")
                == "3:16: error: \"soon\" is not a length: write seconds (90), a clock (1:30) or 30s, 5m, 1h, 2km")
    }

    @Test func detectionByKeysAndExtension() {
        #expect(WorkoutFormat.detect(Array("title: x\nintervals:\n  - {type: work, length: 5m}\n".utf8), path: "w.txt") == .yaml)
        #expect(WorkoutFormat.detect(Array("name: x\nsteps:\n  - {duration: \"5:00\"}\n".utf8), path: "w") == .yaml)
        #expect(WorkoutFormat.detect(Array("anything".utf8), path: "w.YML") == .yaml)
        #expect(WorkoutFormat.detect(Array("{\"name\": \"x\", \"steps\": []}".utf8), path: "w.yaml") == nil, "JSON is never imported")
    }
}
