import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

@Suite("Workout decoder: $comment and unit words")
struct DecoderCommentTests {
    @Test func ignoresACommentOnEveryKindOfObject() throws {
        let json = #"""
            {"$comment": "top", "name": "W", "steps": [
              {"$comment": "timed", "work": "30 secs", "cues": [{"$comment": "cue", "at": "10 sec", "text": "Go"}]},
              {"$comment": "reps", "reps": 5, "name": "Squat"},
              {"$comment": "repeat", "repeat": 2, "steps": [{"rest": "1 min"}]},
              {"$comment": "circuit", "circuit": ["A", {"$comment": "exercise", "name": "B"}], "work": "1 hour"}
            ]}
            """#
        let workout = try WorkoutDecoder.decode(Array(json.utf8))
        #expect(workout.steps.count == 4)
        #expect(Plan(workout).planned == .seconds(30 + 120 + 7200))
    }

    @Test func aCommentMustBeAString() {
        let json = #"{"$comment": 1, "name": "W", "steps": [{"work": 30, "$comment": ["a"]}]}"#
        #expect(
            WorkoutFixture.diagnostics(json) == [
                WorkoutFixture.at("$comment", "must be a string, not a number"),
                WorkoutFixture.at("steps[0].$comment", "must be a string, not an array"),
            ])
    }

    @Test func aStepWithOnlyACommentStillNeedsAKind() {
        let diagnostics = WorkoutFixture.diagnostics(WorkoutFixture.json(steps: #"{"$comment": "todo"}"#))
        #expect(diagnostics.map(\.location) == [.path("steps[0]")])
        #expect(diagnostics.first?.message.hasPrefix("this step has no kind") == true)
    }

    @Test func aWordUnitThatIsNotOneIsReportedAtItsPath() {
        #expect(
            WorkoutFixture.diagnostics(WorkoutFixture.json(steps: #"{"work": "1 minute"}"#)) == [
                WorkoutFixture.at(
                    "steps[0].work", #""1 minute" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#)
            ])
    }
}
