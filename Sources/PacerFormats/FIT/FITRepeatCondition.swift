import PacerFoundation

/// The condition a FIT repeat step repeats until, as words (`heart rate is below 130 bpm`), and why
/// pacer cannot end the repeat on it.
struct FITRepeatCondition {
    let text: String
    let reason: String

    /// The conditions on what the athlete does (heart rate, power, calories, TSS), which pacer
    /// cannot judge but the athlete can: they become an open repeat the athlete ends.
    static let judgedByTheAthlete: Set<FITProfile.DurationType> = [
        .repeatUntilCalories, .repeatUntilHeartRateLessThan, .repeatUntilHeartRateGreaterThan, .repeatUntilPowerLessThan,
        .repeatUntilPowerLastLapLessThan, .repeatUntilPowerGreaterThan, .repeatUntilMaxPowerLastLapLessThan, .repeatUntilTrainingPeaksTSS,
    ]

    init(type: FITProfile.DurationType?, bound: UInt64?, holdsAMRAP: Bool) {
        let value = bound ?? 0
        let heartRate =
            value > FITProfile.Scale.heartRateOffset ? "\(value - FITProfile.Scale.heartRateOffset) bpm" : "\(value) % of maximum"
        let power = value >= FITProfile.Scale.powerOffset ? "\(value - FITProfile.Scale.powerOffset) W" : "\(value) % of FTP"
        let measure = "pacer does not measure it"
        switch type {
        case .repeatUntilTime?:
            text = WorkoutDuration(milliseconds: Int64(clamping: value)).spoken + " have passed"
            reason =
                holdsAMRAP
                ? "it holds another such repeat, and an AMRAP cannot hold an AMRAP" : "that is longer than a block may last (24 hours)"
        case .repeatUntilDistance?:
            text = ImportedValues.distance(metres: Double(value) / FITProfile.Scale.distance) + " are covered"
            reason = "its steps are not all measured by distance, so pacer cannot count the rounds"
        case .repeatUntilCalories?:
            (text, reason) = ("\(value) kcal are burned", measure)
        case .repeatUntilHeartRateLessThan?:
            (text, reason) = ("heart rate is below \(heartRate)", measure)
        case .repeatUntilHeartRateGreaterThan?:
            (text, reason) = ("heart rate is above \(heartRate)", measure)
        case .repeatUntilPowerLessThan?, .repeatUntilPowerLastLapLessThan?:
            (text, reason) = ("power is below \(power)", measure)
        case .repeatUntilPowerGreaterThan?:
            (text, reason) = ("power is above \(power)", measure)
        case .repeatUntilMaxPowerLastLapLessThan?:
            (text, reason) = ("a lap's highest power is below \(power)", measure)
        case .repeatUntilTrainingPeaksTSS?:
            (text, reason) = ("a training stress score of \(value)", measure)
        default:
            (text, reason) = ("a condition FIT numbers \(type.map { String($0.rawValue) } ?? "unknown")", "pacer does not know it")
        }
    }
}
