import PacerWorkout
import Testing

@testable import PacerFormats

@Suite struct IntervalsTextWriterTests {
    static func icu(_ json: String) throws -> ExportedWorkout {
        try WorkoutExport.write(try WorkoutDecoder.decodeWithWarnings(Array(json.utf8)).workout, as: .icu)
    }

    @Test func writesStepsTargetsAndRepeatSections() throws {
        let json = """
            {"pacer":1,"name":"Mixed","steps":[
              {"warmup":"10m","name":"Easy","power":"ramp 50-75%","cadence":"90 rpm"},
              {"repeat":3,"steps":[{"repeat":2,"steps":[{"work":"3m","name":"Hard","power":"105%"},{"rest":"1m30s","power":"Z1"}]}]},
              {"work":"open","distance":"400 m","name":"Run","heart_rate":"Z2"},
              {"work":"open","distance":"1.5 km","name":"Tempo","pace":"4:00/km","cue":"Smooth"},
              {"cooldown":"5m","power":"200-220 W"}]}
            """
        let exported = try Self.icu(json)
        let lines = String(decoding: exported.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        // The nested repeat (3 × 2 rounds) is one section of 6 rounds.
        // A warm-up and a cool-down each stand under a section of that name, as intervals.icu knows them.
        #expect(
            lines == [
                "Warmup", "- Easy 10m ramp 50-75% 90rpm", "", "6x", "- Hard 3m 105%", "- 1m30s Z1", "", "- Run 400mtr Z2 HR",
                "- Tempo 0^Smooth <!> 1.5km 4:00/km Pace", "", "Cooldown", "- 5m 200-220w", "",
            ])
        #expect(exported.warnings.isEmpty, "the cue is the step's prompt: \(exported.warnings)")
    }

    @Test func aNameCannotBreakTheLineOrReachATerminalAsControl() throws {
        let exported = try Self.icu(#"{"pacer":1,"name":"H","steps":[{"work":"30s","name":"A\tB\u009b2J\u001b[31m C"}]}"#)
        #expect(String(decoding: exported.bytes, as: UTF8.self) == "- A B 2J [31m C <!> 30s\n")
    }

    @Test func stepsNumberedByTheirRoundFoldIntoOneSection() throws {
        let json =
            #"{"pacer":1,"name":"T","steps":[{"repeat":4,"rest_between_rounds":"10s","steps":[{"work":"20s","name":"Sprint {round}/{rounds}"}]}]}"#
        let text = String(decoding: try Self.icu(json).bytes, as: UTF8.self)
        #expect(text == "3x\n- Sprint 20s\n- Rest 10s\n\n- Sprint 4/4 <!> 20s\n")
    }

    @Test func refusesAnOpenStepWithoutDistance() throws {
        do {
            _ = try Self.icu(#"{"pacer":1,"name":"O","steps":[{"work":"open","name":"Max"}]}"#)
            Issue.record("an open step was written")
        } catch let refusal as ExportRefusal {
            #expect(refusal.message.contains("\"Max\" is an open step"))
        }
    }
}
