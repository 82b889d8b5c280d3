/// Coggan's normalised power of a second-by-second series: the 30-second rolling mean, each to
/// the fourth power, averaged, and the fourth root of that.
public enum NormalizedPower {
    /// The rolling window, in samples (seconds).
    public static let window = 30

    /// The normalised power of `samples`, one a second, in their unit. The first rolling mean is
    /// the one ending at the 30th second; a series shorter than the window is one window of all
    /// it has, so its normalised power is its average. Nil for no samples.
    public static func of(_ samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let window = min(Self.window, samples.count)
        var sum = samples[..<window].reduce(0, +)
        var total = pow4(sum / Double(window))
        for index in window..<samples.count {
            sum += samples[index] - samples[index - window]
            total += pow4(sum / Double(window))
        }
        let mean = total / Double(samples.count - window + 1)
        return mean.squareRoot().squareRoot()
    }

    private static func pow4(_ value: Double) -> Double {
        let square = value * value
        return square * square
    }
}
