/// The training load of the power measured over a session or a phase: kJ, average and normalised
/// power, and with the athlete's FTP, IF and TSS, by the formulas of the planned load
/// (docs/training-load.md), each sample one second.
public struct MeasuredLoad: Sendable, Equatable {
    /// The seconds with power measured: what every figure counts.
    public let seconds: Int
    public let kilojoules: Double
    public let averagePower: Double
    public let normalizedPower: Double
    /// Normalised power / FTP; nil without FTP.
    public let intensityFactor: Double?
    /// Training stress score: seconds × NP × IF / (FTP × 3600) × 100; nil without FTP.
    public let stressScore: Double?

    /// The load of `summary`'s power with `ftp` (watts); nil when no power was measured.
    public init?(_ summary: MeasuredSummary, ftp: Double?) {
        guard let power = summary.channels[.power], power.samples > 0, let normalized = summary.normalizedPower else { return nil }
        seconds = power.samples
        kilojoules = power.sum / 1000
        averagePower = power.average
        normalizedPower = normalized
        let intensity = TrainingStress.intensityFactor(normalizedPower: normalized, ftp: ftp)
        intensityFactor = intensity
        stressScore = intensity.map { TrainingStress.score(seconds: Double(power.samples), intensityFactor: $0) }
    }
}
