import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

@Suite("open steps: timed, ended with done")
struct OpenStepTests {
    @Test func anOpenStepHasNoDurationAndCarriesItsTargetAndDistance() throws {
        let plan = try F.plan(
            steps: #"""
                {"repeat": 2, "steps": [{"work": "open", "name": "400 m fast {round}/{rounds}", "target": "1:30", "distance": ["400 m", "800 m"]}, {"rest": 60}]}
                """#)
        let open = plan.phases[0]
        #expect(open.isOpen && open.duration == nil && open.limit == nil && open.endsWithDone)
        #expect(open.target == .seconds(90) && open.distance == "400 m" && plan.phases[2].distance == "800 m")
        #expect(open.exercise == "400 m fast")
        #expect(plan.planned == .seconds(120), "an open step counts 0 s, as a rep step does")
        #expect(try F.plan(steps: #"{"cooldown": " open ", "distance": "1 km"}"#).phases[0].isOpen)
    }

    @Test func itsProblemsAreReportedAtTheirPaths() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"work": "30s", "target": "1m"},
                        {"work": "open", "target": "fast"},
                        {"work": "open", "halfway": true, "cues": [{"at": "50%", "text": "A"}]},
                        {"work": "open", "distance": ""},
                        {"work": ["open"]},
                        {"repeat": 2, "steps": [{"work": [30, "open"]}]}
                        """#)) == [
                    F.at(
                        "steps[0].target",
                        #"only an open step has a target: write "work": "open" for a step that counts up until you say done"#),
                    F.at("steps[1].target", #""fast" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                    F.at(
                        "steps[2].cues[0].at",
                        #""50%" needs a step with an end, and this one lasts until you say done: say when after its start (or give a rep step a cap)"#
                    ),
                    F.at("steps[2].halfway", "an open step has no halfway point: it lasts until you say done"),
                    F.at("steps[3].distance", "must not be empty"),
                    F.at("steps[4].work", "one value per round works only inside a repeat: give a single value here"),
                    F.at("steps[5].steps[0].work[1]", #"a step is open in every round or in none: write "work": "open" alone"#),
                ])
    }
}
