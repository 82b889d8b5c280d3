import PacerTestSupport
import Testing

@testable import PacerWorkout

private let yamlHint =
    #"this file looks like YAML, but workout files are JSON: write it as {"name": "My workout", "steps": [{"work": "30s"}]} (see docs/workout-format.md)"#

@Suite("Workout decoder: sharper hints")
struct DecoderHintTests {
    @Test func aCapOnATimedPhaseSaysOnlyRepStepsHaveOne() {
        #expect(
            WorkoutFixture.diagnostics(WorkoutFixture.json(steps: #"{"work": "30s", "cap": "1m"}, {"rest": 10, "cap": 5}"#)) == [
                WorkoutFixture.at(
                    "steps[0]",
                    #"unknown key "cap": only rep steps have a cap; a work phase ends when its time is up (for a step you end yourself, write {"reps": N, "name": …, "cap": …})"#
                ),
                WorkoutFixture.at(
                    "steps[1]",
                    #"unknown key "cap": only rep steps have a cap; a rest phase ends when its time is up (for a step you end yourself, write {"reps": N, "name": …, "cap": …})"#
                ),
            ])
    }

    @Test func aCapOnARepStepIsStillFine() {
        #expect(WorkoutFixture.diagnostics(WorkoutFixture.json(steps: #"{"reps": 5, "name": "Squat", "cap": "1m"}"#)).isEmpty)
    }

    @Test(arguments: [
        "name: Quick HIIT\nsteps:\n  - work: 30s\n",
        "# my workout\n\n---\nname: x\n",
        "- work: 30\n",
        "\"name\": \"x\"\n",
    ])
    func aYAMLFileIsToldItIsYAML(text: String) {
        let diagnostics = WorkoutFixture.diagnostics(text)
        #expect(diagnostics.count == 2)
        if case .source = diagnostics.first?.location {} else { Issue.record("the syntax error comes first: \(diagnostics)") }
        #expect(diagnostics.last == Diagnostic(.file, yamlHint))
    }

    @Test(arguments: ["{\"name\": \"x\",}", "[1, 2", "nonsense", "{\"a\": 1} trailing", "http://example.com"])
    func brokenJSONIsNotCalledYAML(text: String) {
        let diagnostics = WorkoutFixture.diagnostics(text)
        #expect(diagnostics.count == 1)
        #expect(!diagnostics.contains(Diagnostic(.file, yamlHint)))
    }
}
