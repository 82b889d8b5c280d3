import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

@Suite("The exercise of a phase")
struct ExerciseTests {
    @Test(arguments: [
        ("Back squat (set {round}/{rounds})", "Back squat"), ("Sprint {round}/{rounds}", "Sprint"), ("Row #{round}", "Row"),
        ("Plank [{round}] hold", "Plank hold"), ("Lunge · {round}", "Lunge"), ("Squat (wide)", "Squat (wide)"),
        ("Press - {round}:", "Press"), ("{round}", "{round}"),
    ])
    func theNameWithoutItsRoundNumbering(name: String, exercise: String) throws {
        let plan = try F.plan(steps: #"{"repeat": 2, "steps": [{"reps": 5, "name": "\#(name)"}]}"#)
        let expected = exercise == "{round}" ? ["1", "2"] : [exercise, exercise]
        #expect(plan.phases.map(\.exercise) == expected)
    }

    @Test(arguments: [
        ("Back squat (set 3/5)", "Back squat"), ("Sprint 3/8", "Sprint"), ("Squat (round 2/4)", "Squat"), ("Lunge · 2/3", "Lunge"),
        ("Row #1/3", "Row"), ("Press - 2/4:", "Press"), ("Plank [2/3] hold", "Plank hold"), ("Curl (set 2 / 3)", "Curl"),
        ("Dips (2/2)", "Dips"), ("Sprint 8/8", "Sprint"), ("Hang (wide) (set 1/3)", "Hang (wide)"), ("Burpees 10/12", "Burpees"),
        ("Push-ups (wide)", "Push-ups (wide)"), ("21-15-9", "21-15-9"), ("3/8", "3/8"), ("Tempo 3/1", "Tempo 3/1"),
        ("Squat (1/2 depth)", "Squat (1/2 depth)"), ("Squat 5x5", "Squat 5x5"), ("Run 0/4", "Run 0/4"), ("Ex1/2", "Ex1/2"),
        ("Sprint 3/8 fast", "Sprint 3/8 fast"), ("Squat (week 3)", "Squat (week 3)"), ("Row #3", "Row #3"),
        ("Clean (2 x 3/5)", "Clean (2 x 3/5)"), ("Push-ups  wide", "Push-ups  wide"), ("", ""), ("Pull-ups (set 3/5", "Pull-ups (set"),
    ])
    func theExerciseOfANameAsShown(name: String, exercise: String) {
        #expect(ExerciseName.derived(fromShown: name) == exercise)
    }

    /// The history reads old rows by the rule on shown names: it must give what the plan gives.
    @Test func aShownNameGivesTheExerciseItsTemplateGives() throws {
        let plan = try F.plan(
            steps: #"""
                {"repeat": 3, "steps": [{"reps": 5, "name": "Back squat (set {round}/{rounds})"}, {"work": 20, "name": "Sprint {round}/{rounds}"},
                                        {"work": 20, "name": "Lunge · {round}/{rounds}"}, {"work": 20, "name": "Press - {round}/{rounds}:"},
                                        {"work": 20, "name": "Plank [{round}/{rounds}] hold"}, {"work": 20, "name": "Squat (round {round} / {rounds})"},
                                        {"reps": 9, "name": "21-15-9"}, {"reps": 9, "name": "Push-ups (wide)"}]},
                {"circuit": ["Squats {round}/{rounds}", "Jacks"], "work": 20, "rounds": 2}
                """#)
        let worked = plan.phases.filter { $0.kind == .work || $0.kind == .reps }
        #expect(worked.count == 28)
        for phase in worked {
            #expect(ExerciseName.derived(fromShown: phase.name) == phase.exercise, "\(phase.name)")
        }
    }

    @Test func anExplicitExerciseWins() throws {
        let plan = try F.plan(
            steps: #"""
                {"repeat": 2, "steps": [{"reps": 5, "name": "Heavy {round}", "exercise": "Deadlift"},
                                        {"work": 30, "name": "Hold", "exercise": ["Plank", "Side plank"]},
                                        {"rest": 10, "exercise": "Breathing"}]},
                {"circuit": ["Squats {round}/{rounds}", {"name": "Jacks", "exercise": "Jumping jacks"}], "work": 20, "rounds": 2}
                """#)
        let exercises = plan.phases.map(\.exercise)
        let expected: [String?] = [
            "Deadlift", "Plank", "Breathing", "Deadlift", "Side plank", "Breathing", "Squats", "Jumping jacks", "Squats", "Jumping jacks",
        ]
        #expect(exercises == expected)
    }

    @Test func aNameWithItsItemHasTheItemAsExercise() throws {
        let plan = try F.plan(steps: #"{"for": ["Squats", "Lunges"], "steps": [{"work": 20, "name": "{item} {round}/{rounds}"}]}"#)
        #expect(plan.phases.map(\.exercise) == ["Squats", "Lunges"])
    }

    @Test func restsAndWarmUpsHaveNoneUnlessGiven() throws {
        let plan = try F.plan(steps: #"{"warmup": 60}, {"rest": 10}, {"work": 5}"#)
        let expected: [String?] = [nil, nil, "Work"]
        #expect(plan.phases.map(\.exercise) == expected)
    }

    @Test func anExerciseIsCheckedLikeAName() {
        #expect(
            F.diagnostics(
                F.json(
                    steps:
                        #"{"work": 5, "exercise": ""}, {"reps": 1, "name": "X", "exercise": [1]}, {"circuit": [{"name": "A", "exercise": "{round}"}], "work": 5}"#
                )) == [
                    F.at("steps[0].exercise", "must not be empty"),
                    F.at("steps[1].exercise", "one value per round works only inside a repeat: give a single value here"),
                ])
    }

    @Test func theShippedStrengthWorkoutHasOneExercisePerLift() throws {
        let bytes = try #require(try F.shippedJSONFiles().first { $0.name == "strength.json" }).bytes
        let plan = Plan(try WorkoutDecoder.decode(bytes))
        let lifts = Set(plan.phases.filter { $0.kind == .reps }.compactMap(\.exercise))
        #expect(lifts == ["Back squat", "Bench press", "Pull-ups"])
    }
}
