import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

/// Issue 35, item 1: targets on a timed or open step, one per round where it varies, carried into
/// the plan, `show --json` and `phase.start`; every mistake at its path.
@Suite("targets on steps")
struct StepTargetTests {
    @Test func aStepCarriesItsTargetsIntoThePlanRoundByRound() throws {
        let plan = try F.plan(
            steps: #"""
                {"warmup": "10m", "power": "ramp 50-75%"},
                {"repeat": 2, "steps": [{"work": "8m", "power": ["88-94%", "250 W"], "cadence": "85-95 rpm"}]},
                {"work": "open", "name": "Run", "pace": "4:00/km", "heart_rate": "Z3"},
                {"rest": 60, "power": "free"}
                """#)
        #expect(plan.phases[0].targets.power == .target(.ftp, TargetSpan(start: TargetRange(50), end: TargetRange(75))))
        #expect(plan.phases[1].targets.power?.unit == .ftp && plan.phases[2].targets.power?.unit == .watts)
        #expect(plan.phases[1].targets.cadence == plan.phases[2].targets.cadence && plan.phases[1].targets.cadence != nil)
        #expect(plan.phases[3].targets.pace?.unit == .perKilometre && plan.phases[3].targets.heartRate?.unit == .zone)
        #expect(plan.phases[4].targets.power == .freeRide)
        #expect(plan.phases.map(\.targets.isEmpty) == [false, false, false, false, false])
    }

    @Test func aCircuitsExercisesTakeTargetsToo() throws {
        let plan = try F.plan(
            steps: #"{"circuit": [{"name": "Seated", "power": "Z3"}, {"name": "Standing", "power": "250 W"}], "work": 60, "rounds": 2}"#)
        #expect(plan.phases.filter { $0.name == "Standing" }.map { $0.targets.power?.span?.start.low } == [250, 250])
        #expect(plan.phases.filter { $0.name == "Seated" }.allSatisfy { $0.targets.power?.unit == .zone })
        #expect(
            F.diagnostics(F.json(steps: #"{"circuit": [{"name": "A", "cadence": "90 bpm"}], "work": 60}"#)).map(\.location) == [
                .path("steps[0].circuit[0].cadence")
            ])
    }

    @Test func everyMistakeIsReportedAtItsPath() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"work": 60, "power": "90 %FTP"}, {"work": 60, "heart_rate": "Z9"}, {"work": 60, "pace": "0:00/km"},
                        {"work": 60, "cadence": 90}, {"repeat": 2, "steps": [{"work": 60, "power": ["90%"]}]}
                        """#)
            ).map(\.location) == [
                .path("steps[0].power"), .path("steps[1].heart_rate"), .path("steps[2].pace"), .path("steps[3].cadence"),
                .path("steps[4].steps[0].power"),
            ])
        #expect(
            F.diagnostics(F.json(steps: #"{"reps": 5, "name": "Squat", "pace": "4:00/km"}"#)).first?.message.contains(
                "a rep step takes no power, heart rate, pace or cadence target") == true)
    }

    @Test func theNotationWritesTheTargets() throws {
        let workout = try WorkoutDecoder.decode(Array(F.json(steps: #"{"work": 60, "power": "90%", "cadence": "90 rpm"}"#).utf8))
        let written = try NotationWriter.write(workout)
        #expect(written.line == "1m @ 90% 90 rpm" && !written.leftOut.contains { $0.contains("target") }, "\(written)")
    }
}
