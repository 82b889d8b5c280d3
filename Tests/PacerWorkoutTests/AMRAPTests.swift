import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

@Suite("AMRAP and time caps")
struct AMRAPTests {
    @Test func anAMRAPIsOneRoundOfPhasesPlannedAsItsTime() throws {
        let plan = try F.plan(
            steps: #"""
                {"warmup": 60}, {"amrap": "12m", "steps": [{"reps": 5, "name": "Pull-ups"}, {"reps": 10, "name": "Push-ups"}, {"work": 30, "name": "Plank"}]}, {"cooldown": 60}
                """#)
        #expect(plan.phases.count == 5)
        #expect(plan.phases[1...3].allSatisfy { $0.timeLimit == TimeLimitedBlock(kind: .amrap, length: .seconds(720), first: 1, last: 3) })
        #expect(plan.planned == .seconds(840), "an AMRAP counts as its time")
        #expect(plan.startOffsets[4] == .seconds(780))
        #expect(
            PlanSize(
                of: try WorkoutDecoder.decode(
                    Array(F.json(steps: #"{"amrap": "12m", "steps": [{"reps": 5, "name": "A"}, {"work": 30}]}"#).utf8)))
                == PlanSize(phases: 2, planned: .seconds(720)))
        let capped = try F.plan(steps: #"{"repeat": 3, "time_cap": "1m", "steps": [{"work": 30}]}, {"rest": 10}"#)
        #expect(capped.planned == .seconds(70), "a capped block counts at most its cap")
    }

    @Test func itsProblemsAreReportedAtTheirPaths() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"amrap": "12m", "steps": [{"amrap": 60, "steps": [{"work": 5}]}]},
                        {"repeat": 2, "time_cap": 60, "steps": [{"every": 30, "rounds": 2, "steps": [{"work": 5}]}]},
                        {"amrap": "soon", "steps": [{"work": 5}]},
                        {"amrap": 60},
                        {"amrap": 60, "rounds": 3, "steps": [{"work": 5}]},
                        {"circuit": ["A"], "work": 10, "time_cap": 60}
                        """#)) == [
                    F.at(
                        "steps[0].steps[0]",
                        "an AMRAP, an EMOM or a block with a time_cap cannot be inside another one: each keeps its own clock"),
                    F.at(
                        "steps[1].steps[0]",
                        "an AMRAP, an EMOM or a block with a time_cap cannot be inside another one: each keeps its own clock"),
                    F.at("steps[2].amrap", #""soon" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                    F.at("steps[3]", #"an AMRAP needs "steps", the steps of each round"#),
                    F.at("steps[4]", #"unknown key "rounds"; expected one of amrap, steps, name"#),
                    F.at("steps[5]", #"unknown key "time_cap"; expected one of circuit, work, rest, rounds, rest_between_rounds"#),
                ])
    }
}
