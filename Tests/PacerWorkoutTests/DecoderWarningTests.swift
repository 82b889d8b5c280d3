import Foundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private func warnings(steps: String) -> [Diagnostic] {
    WorkoutFixture.warnings(WorkoutFixture.json(steps: steps))
}

private let backToBack =
    "two rests back to back: every round ends with a rest, and rest_between_rounds adds another between rounds; drop one of them"

@Suite("Workout decoder: warnings")
struct DecoderWarningTests {
    @Test func aLongPhaseWrittenInMinutesIsProbablyADistance() {
        #expect(
            warnings(steps: #"{"work": "400m", "name": "400 m fast"}, {"circuit": ["A"], "work": " 150m "}"#) == [
                .warning(
                    at: "steps[0].work",
                    #""400m" is 6h 40m: "m" means minutes, not metres (a distance is not a duration: give an open step a "distance")"#),
                .warning(
                    at: "steps[1].work",
                    #"" 150m " is 2h 30m: "m" means minutes, not metres (a distance is not a duration: give an open step a "distance")"#),
            ])
    }

    @Test(arguments: [#"{"work": "120m"}"#, #"{"work": "3h"}"#, #"{"work": "200 mins"}"#, #"{"work": 9000}"#, #"{"work": "2h 1m"}"#])
    func otherLongPhasesAreNotWarnedAbout(step: String) {
        #expect(warnings(steps: step).isEmpty)
    }

    @Test func twoRestsInARowAreWarnedAboutAtTheSecond() {
        #expect(
            warnings(steps: #"{"work": 30}, {"rest": 10}, {"rest": 20}, {"repeat": 2, "steps": [{"rest": 5}, {"work": 5}]}"#) == [
                .warning(at: "steps[2]", "two rests back to back: this rest follows the one that ends steps[1]; make them one rest"),
                .warning(at: "steps[3]", "two rests back to back: this rest follows the one that ends steps[2]; make them one rest"),
            ])
    }

    @Test func aRestBetweenRoundsAfterARoundThatEndsInARest() {
        #expect(
            warnings(steps: #"{"repeat": 3, "rest_between_rounds": 30, "steps": [{"work": 20}, {"rest": 10}]}"#) == [
                .warning(at: "steps[0].rest_between_rounds", backToBack)
            ])
        #expect(
            warnings(steps: #"{"repeat": 3, "rest_between_rounds": 30, "steps": [{"rest": 10}, {"work": 20}]}"#) == [
                .warning(at: "steps[0].rest_between_rounds", backToBack.replacingOccurrences(of: "ends", with: "starts"))
            ])
        #expect(warnings(steps: #"{"repeat": 1, "rest_between_rounds": 30, "steps": [{"rest": 10}]}"#).isEmpty)
        #expect(warnings(steps: #"{"repeat": 3, "steps": [{"work": 20}, {"rest": 10}]}"#).isEmpty)
    }

    @Test func warningsComeWithErrorsAndDoNotMakeAFileInvalid() {
        let json = #"{"name": "W", "steps": [{"rest": 10}, {"rest": 10}], "countdown": 11}"#
        #expect(WorkoutFixture.diagnostics(json).map(\.severity) == [.error, .warning])
        #expect(WorkoutFixture.diagnostics(WorkoutFixture.json(steps: #"{"rest": 10}, {"rest": 10}"#)).isEmpty)
    }

    @Test func aWarningIsPrintedAsOne() {
        #expect(Diagnostic.warning(at: "steps[1]", "two rests").formatted(file: "w.json") == "w.json: warning: at steps[1]: two rests")
    }

    @Test func theShippedWorkoutsHaveNoWarnings() throws {
        for file in try WorkoutFixture.shippedJSONFiles() where file.name != "schema.json" {
            #expect(try WorkoutDecoder.decodeWithWarnings(file.bytes).warnings == [], "\(file.name)")
        }
    }
}
