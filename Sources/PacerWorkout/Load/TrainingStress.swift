/// Coggan's intensity factor and training stress score: the one formula the planned load, the
/// measured load and exported activities share (docs/training-load.md).
public enum TrainingStress {
    /// Normalised power over FTP; nil without a positive FTP.
    public static func intensityFactor(normalizedPower: Double, ftp: Double?) -> Double? {
        guard let ftp, ftp > 0 else { return nil }
        return normalizedPower / ftp
    }

    /// seconds × NP × IF / (FTP × 3600) × 100, where NP / FTP is IF: FTP itself drops out.
    public static func score(seconds: Double, intensityFactor: Double) -> Double {
        seconds * intensityFactor * intensityFactor / 3600 * 100
    }
}
