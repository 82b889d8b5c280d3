import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

@Suite("Values per round")
struct PerRoundValueTests {
    @Test func aLadderTakesOneRepCountPerRound() throws {
        let plan = try F.plan(
            steps: #"{"repeat": 3, "steps": [{"reps": [21, 15, 9], "name": "Thrusters"}, {"reps": [21, 15, 9], "name": "Pull-ups"}]}"#)
        #expect(plan.phases.map(\.name) == ["Thrusters", "Pull-ups", "Thrusters", "Pull-ups", "Thrusters", "Pull-ups"])
        #expect(plan.phases.map(\.reps) == [21, 21, 15, 15, 9, 9])
        #expect(plan.phases.map(\.round) == [1, 1, 2, 2, 3, 3])
    }

    @Test func warmUpSetsRiseInWeight() throws {
        let plan = try F.plan(
            steps:
                #"{"repeat": 3, "steps": [{"reps": 5, "name": "Squat", "weight": ["40 kg", 60, "70 kg"], "cue": ["Easy", "Faster", "Heavy"]}]}"#
        )
        #expect(plan.phases.map(\.weight) == [.text("40 kg"), .number(60), .text("70 kg")])
        #expect(plan.phases.map(\.cue) == ["Easy", "Faster", "Heavy"])
        #expect(plan.phases.map(\.reps) == [5, 5, 5])
    }

    @Test func aPyramidTakesOneDurationPerRound() throws {
        let plan = try F.plan(
            steps:
                #"{"repeat": 7, "steps": [{"work": [10, 20, 30, "40s", "0:30", 20, 10], "name": ["A", "B", "C", "D", "E", "F", "G"]}, {"rest": 10}]}"#
        )
        #expect(plan.phases.filter { $0.kind == .work }.map { $0.duration!.milliseconds / 1000 } == [10, 20, 30, 40, 30, 20, 10])
        #expect(plan.phases.filter { $0.kind == .work }.map(\.name) == ["A", "B", "C", "D", "E", "F", "G"])
        #expect(plan.planned == .seconds(160 + 70))
        #expect(plan.startOffsets[2] == .seconds(20))
        #expect(
            PlanSize(of: try WorkoutDecoder.decode(Array(F.json(steps: #"{"repeat": 2, "steps": [{"work": [10, 20]}]}"#).utf8)))
                == PlanSize(phases: 2, planned: .seconds(30)))
    }

    @Test func theInnermostRepeatDecidesEvenWhenItHasOneRound() throws {
        let plan = try F.plan(
            steps: #"{"repeat": 2, "steps": [{"work": [5, 6]}, {"repeat": 1, "steps": [{"work": [7], "name": "Inner {round}/{rounds}"}]}]}"#
        )
        #expect(plan.phases.map { $0.duration!.milliseconds / 1000 } == [5, 7, 6, 7])
        #expect(plan.phases.map(\.name) == ["Work", "Inner 1/2", "Work", "Inner 2/2"])
    }

    @Test func roundTokensStillWorkInEachValue() throws {
        let plan = try F.plan(
            steps: #"{"repeat": 2, "steps": [{"reps": 3, "name": ["Light {round}/{rounds}", "Heavy {round}/{rounds}"]}]}"#)
        #expect(plan.phases.map(\.name) == ["Light 1/2", "Heavy 2/2"])
    }

    @Test func anArrayOfTheWrongLengthNamesBothNumbers() {
        #expect(
            F.diagnostics(
                F.json(
                    steps:
                        #"{"repeat": 3, "steps": [{"reps": [21, 15], "name": "Thrusters"}, {"work": [1, 2, 3, 4]}, {"reps": 1, "name": [], "weight": ["1 kg"]}]}"#
                )) == [
                    F.at("steps[0].steps[0].reps", "has 2 values but the repeat has 3 rounds: give one value per round"),
                    F.at("steps[0].steps[1].work", "has 4 values but the repeat has 3 rounds: give one value per round"),
                    F.at("steps[0].steps[2].name", "has 0 values but the repeat has 3 rounds: give one value per round"),
                    F.at("steps[0].steps[2].weight", "has 1 value but the repeat has 3 rounds: give one value per round"),
                ])
    }

    @Test func anArrayOutsideARepeatIsAnError() {
        #expect(
            F.diagnostics(F.json(steps: #"{"work": [10, 20]}, {"circuit": ["A"], "work": 5}, {"reps": [1], "name": "X"}"#)) == [
                F.at("steps[0].work", "one value per round works only inside a repeat: give a single value here"),
                F.at("steps[2].reps", "one value per round works only inside a repeat: give a single value here"),
            ])
    }

    @Test func eachValueIsCheckedAtItsOwnPath() {
        #expect(
            F.diagnostics(
                F.json(
                    steps:
                        #"{"repeat": 2, "steps": [{"work": [10, "abc"]}, {"reps": [0, 5], "name": ["A", "{round}\nB"], "weight": [-1, 2]}]}"#
                )) == [
                    F.at(
                        "steps[0].steps[0].work[1]",
                        #""abc" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                    F.at("steps[0].steps[1].reps[0]", "reps must be from 1 to 100000, not 0"),
                    F.at("steps[0].steps[1].name[1]", "must be one line: remove the line break"),
                    F.at("steps[0].steps[1].weight[0]", #"must be a number of 0 or more or a text such as "20 kg", not -1"#),
                ])
    }

    @Test func anUnreadableRoundCountStillChecksTheValues() {
        #expect(
            F.diagnostics(F.json(steps: #"{"repeat": 0, "steps": [{"work": [10, "x"]}, {"rest": []}]}"#)) == [
                F.at("steps[0].repeat", "repeat must be from 1 to 2147483647, not 0"),
                F.at("steps[0].steps[0].work[1]", #""x" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                F.at("steps[0].steps[1].rest", "must not be empty: give one value per round"),
            ])
    }

    @Test func aCueMustComeBeforeTheShortestRoundEnds() {
        #expect(
            F.diagnostics(F.json(steps: #"{"repeat": 2, "steps": [{"work": [30, 10], "cues": [{"at": 15, "text": "Go"}]}]}"#)) == [
                F.at("steps[0].steps[0].cues[0].at", "15s is not before the end of the phase (10s), so the cue would never be announced")
            ])
    }

    @Test func aLongMinutesValueIsWarnedAboutAtItsIndex() {
        #expect(
            F.warnings(F.json(steps: #"{"repeat": 2, "steps": [{"work": ["1m", "400m"]}]}"#)) == [
                .warning(
                    at: "steps[0].steps[0].work[1]",
                    #""400m" is 6h 40m: "m" means minutes, not metres (a distance is not a duration: give an open step a "distance")"#)
            ])
    }

    @Test func hugeArraysStayWithinThePlanLimits() {
        let count = 100_001
        let values = Array(repeating: "1", count: count).joined(separator: ",")
        let diagnostics = F.diagnostics(F.json(steps: #"{"repeat": \#(count), "steps": [{"work": [\#(values)]}]}"#))
        #expect(diagnostics == [F.at("steps", "the workout expands to 100001 phases; the limit is 100000: lower a repeat or rounds count")])
        let long = Array(repeating: "86400", count: 8).joined(separator: ",")
        #expect(
            F.diagnostics(F.json(steps: #"{"repeat": 8, "steps": [{"work": [\#(long)]}]}"#)) == [
                F.at("steps", "the workout lasts 8d; the limit is 7 days")
            ])
    }
}
