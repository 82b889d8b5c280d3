import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = WorkoutFixture

@Suite("for blocks")
struct ForBlockTests {
    @Test func aTabataOfFourExercises() throws {
        let plan = try F.plan(
            steps: #"""
                {"for": ["Squats", "Push-ups", "Lunges", "Burpees"], "rest_between_rounds": "1m",
                 "steps": [{"repeat": 8, "rest_between_rounds": 10, "steps": [{"work": 20, "name": "{item} {round}/{rounds}"}]}]}
                """#)
        #expect(plan.phases.count == 63)
        #expect(plan.planned == .seconds(1100))
        #expect(plan.phases.prefix(3).map(\.name) == ["Squats 1/8", "Rest", "Squats 2/8"])
        #expect(plan.phases[14].name == "Squats 8/8")
        #expect(plan.phases[15].name == "Rest")
        #expect(plan.phases[15].duration == .seconds(60))
        #expect(plan.phases[15].roundLabel == "round 1/4")
        #expect(plan.phases[16].name == "Push-ups 1/8")
        #expect(plan.phases.last?.name == "Burpees 8/8")
    }

    @Test func itemsAreRoundsForTokensAndPerRoundValues() throws {
        let plan = try F.plan(
            steps: #"""
                {"for": ["Bench", "Row"], "steps": [{"reps": [5, 8], "name": "{item} ({round}/{rounds})", "cue": "{item}!"}, {"rest": 30}]}
                """#)
        #expect(plan.phases.map(\.name) == ["Bench (1/2)", "Rest", "Row (2/2)", "Rest"])
        let reps: [Int?] = [5, nil, 8, nil]
        #expect(plan.phases.map(\.reps) == reps)
        let cues: [String?] = ["Bench!", nil, "Row!", nil]
        #expect(plan.phases.map(\.cue) == cues)
    }

    @Test func anItemIsInsertedAsWritten() throws {
        let plan = try F.plan(steps: #"{"for": ["A {round} {item}"], "steps": [{"work": 5, "name": "{item}"}]}"#)
        #expect(plan.phases.map(\.name) == ["A {round} {item}"])
    }

    @Test func nestedForsUseTheInnermostItem() throws {
        let plan = try F.plan(
            steps:
                #"{"for": ["L", "R"], "steps": [{"work": 1, "name": "{item}"}, {"for": ["x", "y"], "steps": [{"work": 1, "name": "{item}"}]}]}"#
        )
        #expect(plan.phases.map(\.name) == ["L", "x", "y", "R", "x", "y"])
    }

    @Test func itsProblemsAreReportedAtTheirPaths() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"for": [], "steps": [{"work": 5}]},
                        {"for": "Squats", "steps": [{"work": 5}]},
                        {"for": ["A", 3, ""], "steps": [{"work": 5}]},
                        {"for": ["A"]},
                        {"for": ["A", "B"], "repeat": 2, "steps": [{"work": 5}]},
                        {"for": ["A", "B"], "stpes": [{"work": 5}]},
                        {"for": ["A", "B", "C"], "steps": [{"reps": [1, 2], "name": "X"}]}
                        """#)) == [
                    F.at("steps[0].for", "must not be empty: give at least one item"),
                    F.at("steps[1].for", #"must be an array of items such as ["Squats", "Push-ups"], not a string"#),
                    F.at("steps[2].for[1]", "must be a string, not a number"),
                    F.at("steps[2].for[2]", "must not be empty"),
                    F.at("steps[3]", #"a for needs "steps", the steps to run for each item"#),
                    F.at(
                        "steps[4]",
                        #"this step has 2 kinds, "for" and "repeat": a step is exactly one of them, so split it into separate steps"#),
                    F.at("steps[5]", #"unknown key "stpes" (did you mean "steps"?)"#),
                    F.at("steps[5]", #"a for needs "steps", the steps to run for each item"#),
                    F.at("steps[6].steps[0].reps", "has 2 values but the for has 3 items: give one value per round"),
                ])
    }

    @Test func itemOutsideAForIsAnError() {
        #expect(
            F.diagnostics(F.json(steps: #"{"work": 5, "name": "{item}"}, {"repeat": 2, "steps": [{"work": 5, "cue": "{item}"}]}"#)) == [
                F.at("steps[0].name", "{item} only means something inside a for"),
                F.at("steps[1].steps[0].cue", "{item} only means something inside a for"),
            ])
    }

    @Test func aRestBetweenItemsAfterARoundThatEndsInARestIsWarnedAbout() {
        #expect(
            F.warnings(F.json(steps: #"{"for": ["A", "B"], "rest_between_rounds": 60, "steps": [{"work": 20}, {"rest": 10}]}"#)) == [
                .warning(
                    at: "steps[0].rest_between_rounds",
                    "two rests back to back: every round ends with a rest, and rest_between_rounds adds another between rounds; drop one of them"
                )
            ])
    }

    @Test func hugeForsStayWithinThePlanLimits() {
        let items = (0..<100_001).map { "\"i\($0)\"" }.joined(separator: ",")
        #expect(
            F.diagnostics(F.json(steps: #"{"for": [\#(items)], "steps": [{"work": 1, "name": "{item}"}]}"#)) == [
                F.at("steps", "the workout expands to 100001 phases; the limit is 100000: lower a repeat or rounds count")
            ])
        let ten = (0..<10).map { "\"\($0)\"" }.joined(separator: ",")
        var nested = #"{"work": 1, "name": "{item}"}"#
        for _ in 0..<6 { nested = #"{"for": [\#(ten)], "steps": [\#(nested)]}"# }
        #expect(
            F.diagnostics(F.json(steps: nested)) == [
                F.at("steps", "the workout expands to 1000000 phases; the limit is 100000: lower a repeat or rounds count"),
                F.at("steps", "the workout lasts 11d 13h 46m 40s; the limit is 7 days"),
            ])
    }
}
