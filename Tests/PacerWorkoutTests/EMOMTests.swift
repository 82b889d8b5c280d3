import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

@Suite("EMOM: rounds on a fixed beat")
struct EMOMTests {
    @Test func eachRoundIsItsStepsThenARestFillingTheWindow() throws {
        let plan = try F.plan(
            steps: #"""
                {"every": "1m", "rounds": 3, "steps": [{"reps": [10, 12, 10], "name": "Burpees (minute {round}/{rounds})"}, {"work": 20, "name": "Plank"}]}
                """#)
        #expect(
            plan.phases.map(\.name) == [
                "Burpees (minute 1/3)", "Plank", "Rest", "Burpees (minute 2/3)", "Plank", "Rest", "Burpees (minute 3/3)", "Plank", "Rest",
            ])
        #expect(plan.phases.map(\.reps) == [10, nil, nil, 12, nil, nil, 10, nil, nil])
        #expect(plan.phases[4].round == 2 && plan.phases[4].rounds == 3 && plan.phases[3].exercise == "Burpees")
        #expect(plan.phases[5].kind == .rest && plan.phases[5].duration == .seconds(40))
        #expect(plan.phases.map { $0.window?.startsRound ?? false } == [true, false, false, true, false, false, true, false, false])
        #expect(plan.phases.map { $0.window?.fillsRound ?? false } == [false, false, true, false, false, true, false, false, true])
        #expect(plan.planned == .seconds(180), "the block lasts exactly rounds × every")
        #expect(
            PlanSize(
                of: try WorkoutDecoder.decode(
                    Array(F.json(steps: #"{"every": 60, "rounds": 3, "steps": [{"reps": 5, "name": "A"}, {"work": 20}]}"#).utf8)))
                == PlanSize(phases: 9, planned: .seconds(180)))
        // Timed steps that fill the window exactly leave no rest.
        #expect(try F.plan(steps: #"{"every": 30, "rounds": 2, "steps": [{"work": 20}, {"rest": 10}]}"#).phases.count == 4)
    }

    @Test func itsProblemsAreReportedAtTheirPaths() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"every": 60, "rounds": 2, "steps": [{"work": 40}, {"work": 30}]},
                        {"every": 60, "rounds": 2, "steps": [{"work": [40, 70]}]},
                        {"every": 60, "steps": [{"work": 10}]},
                        {"every": 60, "rounds": 2, "steps": [{"repeat": 2, "steps": [{"work": 5}]}]},
                        {"every": "fast", "rounds": 2, "steps": [{"work": 10}], "nmae": "X"},
                        {"every": 60, "rounds": 2, "steps": [{"reps": [1, 2, 3], "name": "X"}]}
                        """#)) == [
                    F.at(
                        "steps[0].steps",
                        #"the timed steps take 1m 10s, longer than the 1m window of "every": shorten them or lengthen every"#),
                    F.at(
                        "steps[1].steps",
                        #"the timed steps of round 2 take 1m 10s, longer than the 1m window of "every": shorten them or lengthen every"#),
                    F.at("steps[2]", #"an EMOM needs "rounds", how many times its window of "every" comes round"#),
                    F.at("steps[3].steps[0]", "an EMOM's steps are timed phases and rep steps; a block cannot be fitted into its window"),
                    F.at("steps[4]", #"unknown key "nmae" (did you mean "name"?)"#),
                    F.at("steps[4].every", #""fast" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                    F.at("steps[5].steps[0].reps", "has 3 values but the repeat has 2 rounds: give one value per round"),
                ])
    }
}
