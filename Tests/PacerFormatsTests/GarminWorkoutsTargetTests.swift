import PacerWorkout
import Testing

@testable import PacerFormats

/// garmin-workouts targets, lap-button steps and the keys its forks add.
@Suite struct GarminWorkoutsTargetTests {
    static func steps(_ steps: String) throws(WorkoutErrors) -> (steps: [TimedStep], warnings: [String]) {
        let imported = try YAMLWorkoutTests.imported("name: G\nsport: running\nsteps:\n" + steps)
        return (
            imported.workout.steps.compactMap { if case .timed(let timed) = $0 { timed } else { nil } },
            imported.warnings.map(\.description)
        )
    }

    @Test func zoneTargetsOfEveryTypeAreKept() throws {
        let read = try Self.steps(
            """
              - {duration: "5:00", target: {type: power.zone, zone: 2}}
              - {duration: "5:00", target: {type: heart.rate.zone, zone: 3}}
              - {duration: "5:00", target: {type: pace.zone, zone: 4}}
              - {duration: "5:00", target: HEART_RATE_ZONE_3}
              - {duration: "5:00", target: POWER_ZONE_5, secondary: {type: cadence, min: 85, max: 95}}

            """)
        #expect(read.warnings.isEmpty, "\(read.warnings)")
        #expect(read.steps[0].targets.power == .same(.target(.zone, TargetSpan(TargetRange(2)))))
        #expect(read.steps[1].targets.heartRate == .same(try HeartRateTarget(parsing: "Z3")))
        #expect(read.steps[2].targets.pace == .same(try PaceTarget(parsing: "Z4")))
        #expect(read.steps[3].targets.heartRate == .same(try HeartRateTarget(parsing: "Z3")))
        let cadence = try CadenceTarget(parsing: "85-95 rpm")
        #expect(
            read.steps[4].targets.power == .same(.target(.zone, TargetSpan(TargetRange(5))))
                && read.steps[4].targets.cadence == .same(cadence))
    }

    @Test func rangesInWattsPercentBeatsPaceAndSpeed() throws {
        let read = try Self.steps(
            """
              - {duration: "5:00", target: {type: power.zone, min: 250W, max: 270W}}
              - {duration: "5:00", target: {type: power.zone, min: 88, max: 94}}
              - {duration: "5:00", target: {type: heart.rate.zone, min: 140, max: 150}}
              - {duration: "5:00", target: {type: heart.rate.zone, min: 70%, max: 75%}}
              - {duration: "5:00", target: {type: pace.zone, min: "5:30", max: "5:00"}}
              - {duration: "5:00", target: {type: speed.zone, min: 4, max: 5}}

            """)
        #expect(read.warnings.isEmpty, "\(read.warnings)")
        #expect(read.steps[0].targets.power == .same(try PowerTarget(parsing: "250-270 W")))
        #expect(read.steps[1].targets.power == .same(try PowerTarget(parsing: "88-94%")))
        #expect(read.steps[2].targets.heartRate == .same(try HeartRateTarget(parsing: "140-150 bpm")))
        #expect(read.steps[3].targets.heartRate == .same(try HeartRateTarget(parsing: "70-75% max")))
        #expect(read.steps[4].targets.pace == .same(try PaceTarget(parsing: "5:00-5:30/km")), "either order")
        #expect(read.steps[5].targets.pace == .same(try PaceTarget(parsing: "3:20-4:10/km")), "4 to 5 m/s")
    }

    @Test func aTargetFromTheToolsSettingsIsWarnedByName() throws {
        let read = try Self.steps(
            "  - {duration: \"5:00\", target: MARATHON_PACE}\n  - {duration: \"5:00\", target: {type: grade, min: 2, max: 4}}\n")
        #expect(read.steps.allSatisfy { $0.targets == WrittenTargets() }, "\(read.warnings)")
        #expect(read.warnings.contains { $0.hasPrefix("4:32: warning: the target MARATHON_PACE is set in garmin-workouts' own settings") })
        #expect(read.warnings.contains { $0.hasPrefix("5:39: warning: the target type grade is not one pacer has") })
    }

    @Test func aLapButtonStepIsOpenAndAForksDistanceIsKept() throws {
        let read = try Self.steps("  - {type: warmup, duration: lap.button}\n  - {distance: 3km, zone: easy}\n  - {distance: 400}\n")
        #expect(read.steps[0].kind == .warmup && read.steps[0].duration == nil && read.steps[0].distance == nil)
        #expect(read.steps[1].distance == .same("3 km") && read.steps[2].distance == .same("400 m"))
        #expect(read.warnings == ["5:27: warning: zone is not something pacer reads here: dropped"])
    }

    @Test func aStepWhoseEveryKeyIsUnknownIsRefused() {
        #expect(
            YAMLWorkoutTests.refusal("name: G\nsteps:\n  - {colour: red, mood: good}\n")?.hasPrefix(
                "3:5: error: this step has only colour, mood") == true)
    }

    @Test func aSpeedZoneIsThePaceItsSpeedsMakeAndACrawlIsRefusedNotTrappedOn() throws {
        let read = try Self.steps("  - {duration: \"5:00\", target: {type: speed.zone, min: 3.7, max: 4}}\n")
        #expect(read.steps[0].targets.pace == .same(try PaceTarget(parsing: "4:10-4:30/km")), "1000/4 m/s is 250 s, 1000/3.7 is 270 s")
        let crawl = "0." + String(repeating: "0", count: 300) + "1"
        let slow = try Self.steps("  - {duration: \"5:00\", target: {type: speed.zone, min: \(crawl), max: 4}}\n")
        #expect(slow.steps[0].targets.pace == nil)
        #expect(slow.warnings.contains { $0.contains("the pace target ") && $0.contains(" cannot be kept (") }, "\(slow.warnings)")
    }
}
