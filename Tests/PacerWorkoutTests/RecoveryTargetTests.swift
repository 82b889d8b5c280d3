import PacerWorkout
import Testing

/// Issue 42, item 8: a recovery is read from any target on its own scale, not from power alone.
@Suite("targets: which ask for a recovery")
struct RecoveryTargetTests {
    private static func recovery(power: String? = nil, heartRate: String? = nil, pace: String? = nil) throws -> Bool {
        try Targets(
            power: power.map(PowerTarget.init(parsing:)), heartRate: heartRate.map(HeartRateTarget.init(parsing:)),
            pace: pace.map(PaceTarget.init(parsing:))
        ).asksForRecovery
    }

    @Test func eachTargetIsReadOnItsOwnScale() throws {
        #expect(
            try Self.recovery(power: "55%") && Self.recovery(power: "Z1") && !Self.recovery(power: "60%")
                && !Self.recovery(power: "ramp 40-70%"))
        #expect(try Self.recovery(heartRate: "Z1") && Self.recovery(heartRate: "75% LTHR") && !Self.recovery(heartRate: "80% LTHR"))
        #expect(try Self.recovery(heartRate: "70% max") && !Self.recovery(heartRate: "65-75% max") && !Self.recovery(heartRate: "Z2"))
        #expect(try Self.recovery(pace: "Z1") && Self.recovery(pace: "75%") && !Self.recovery(pace: "80%") && !Self.recovery(pace: "Z2"))
    }

    @Test func absoluteValuesSayNothingAndPowerDecidesFirst() throws {
        #expect(
            try !Self.recovery(power: "100 W") && !Self.recovery(heartRate: "120 bpm") && !Self.recovery(pace: "7:00/km")
                && !Self.recovery())
        #expect(try !Self.recovery(power: "90%", heartRate: "Z1"), "a hard power target with an easy heart rate is work")
        #expect(try Self.recovery(power: "100 W", heartRate: "Z1"), "watts say nothing: the heart rate decides")
    }
}
