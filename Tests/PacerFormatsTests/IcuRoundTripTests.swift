import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// Issue 42, item 12: intervals.icu text keeps a workout's cues, timed cues and named repeats, so
/// `export --to icu` then `import` gives them back.
@Suite struct IcuRoundTripTests {
    static func workout(_ json: String) throws -> Workout {
        try WorkoutDecoder.decodeWithWarnings(Array(json.utf8)).workout
    }

    /// The text `json` exports to, its warnings, and the workout that text imports to.
    static func roundTrip(_ json: String) throws -> (text: String, warnings: [String], back: Workout) {
        let exported = try WorkoutExport.write(try workout(json), as: .icu)
        let back = try WorkoutImport.read(exported.bytes, format: .icu, name: "back").workout
        return (String(decoding: exported.bytes, as: UTF8.self), exported.warnings, back)
    }

    /// The repeats of a workout's top level, by name and count.
    static func repeats(_ workout: Workout) -> [String] {
        workout.steps.compactMap { step in
            if case .repeated(let group) = step { "\(group.name ?? "-") \(group.count)x" } else { nil }
        }
    }

    static let sections = """
        {"pacer":1,"name":"Sections","steps":[
          {"warmup":"10m","power":"ramp 50-75%","cue":"Easy spin"},
          {"repeat":4,"name":"Main set","steps":[
            {"work":"4m","name":"Hard","power":"105%","cue":"Stay seated","cues":[{"at":"60s","text":"Spin up, 100 rpm"}]},
            {"rest":"2m","power":"50%"}]},
          {"repeat":3,"name":"Sprints","steps":[{"work":"15s","power":"150%"},{"rest":"45s","power":"40%"}]},
          {"cooldown":"5m","power":"ramp 60-40%"}]}
        """

    @Test func namedRepeatsAreSectionsAndCuesArePrompts() throws {
        let (text, warnings, back) = try Self.roundTrip(Self.sections)
        #expect(
            text == """
                Warmup
                - 0^Easy spin <!> 10m ramp 50-75%

                Main set 4x
                - Hard 0^Stay seated 60^Spin up, 100 rpm <!> 4m 105%
                - 2m 50%

                Sprints 3x
                - 15s 150%
                - 45s 40%

                Cooldown
                - 5m ramp 60-40%

                """, "\(text)")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.repeats(back) == ["Main set 4x", "Sprints 3x"])
        let (before, after) = (Plan(try Self.workout(Self.sections)).phases, Plan(back).phases)
        #expect(after.map(\.cue) == before.map(\.cue) && after.map(\.cues) == before.map(\.cues), "cues come back on every round")
        #expect(after.map(\.kind) == before.map(\.kind) && after.map(\.duration) == before.map(\.duration))
        #expect(
            after[1].cues == [Cue(at: .seconds(60), text: "Spin up, 100 rpm")] && after[1].cue == "Stay seated"
                && after[0].cue == "Easy spin")
    }

    @Test func aNameIsWrittenOnlyWhereItReadsBackAsTheName() throws {
        let names = ["- Dash", "Sport: Run", "Warm-up drills", "Main set, hard", "4x4 block", "Tab\there\u{1b}[31m", "10m 120%"]
        let steps = names.map {
            #"{"repeat":2,"name":\#(JSONText.quoted($0)),"steps":[{"work":"1m","power":"110%"},{"rest":"1m","power":"50%"}]}"#
        }
        let (text, warnings, back) = try Self.roundTrip(#"{"pacer":1,"name":"Names","steps":[\#(steps.joined(separator: ","))]}"#)
        let heads = text.split(separator: "\n").filter { $0.hasSuffix("2x") }
        #expect(heads == ["2x", "2x", "2x", "Main set, hard 2x", "4x4 block 2x", "Tab here [31m 2x", "10m 120% 2x"], "\(text)")
        #expect(Self.repeats(back) == ["- 2x", "- 2x", "- 2x", "Main set, hard 2x", "4x4 block 2x", "Tab here [31m 2x", "10m 120% 2x"])
        #expect(Plan(back).phases.allSatisfy { $0.kind == .work || $0.kind == .rest }, "no section made its steps a warm-up")
        #expect(
            warnings == [
                #"intervals.icu would read this repeat's name as a step, the sport, or a warm-up or cool-down: its section is written without it ("- Dash", "Sport: Run", "Warm-up drills")"#
            ])
    }

    @Test func aNamedRepeatWhoseRoundsDifferIsWrittenOutAndSaysSo() throws {
        let json =
            #"{"pacer":1,"name":"R","steps":[{"repeat":3,"name":"Main","steps":[{"work":"1m","power":"100%","cues":[{"at":"10s","text":"Last one","round":3}]},{"rest":"1m","power":"50%"}]}]}"#
        let (text, warnings, back) = try Self.roundTrip(json)
        #expect(text == "2x\n- 1m 100%\n- 1m 50%\n\n- 10^Last one <!> 1m 100%\n- 1m 50%\n", "\(text)")
        #expect(warnings.count == 1 && warnings[0].contains("written out without its name (\"Main\")"), "\(warnings)")
        #expect(Plan(back).phases.map(\.cues) == Plan(try Self.workout(json)).phases.map(\.cues))
    }

    @Test func anOuterNamedRepeatHoldsItsInnerRepeatsFlat() throws {
        let json =
            #"{"pacer":1,"name":"N","steps":[{"repeat":2,"name":"Block","steps":[{"repeat":3,"name":"Inner","steps":[{"work":"30s","power":"120%"},{"rest":"30s","power":"50%"}]},{"rest":"5m","power":"40%"}]}]}"#
        let (text, _, back) = try Self.roundTrip(json)
        #expect(text.hasPrefix("Block 2x\n- 30s 120%\n- 30s 50%\n- 30s 120%\n"), "intervals.icu has no nested sections: \(text)")
        #expect(Self.repeats(back) == ["Block 2x"] && Plan(back).phases.count == 14)
    }
}
