import Glibc

/// The tones of a rendered workout: a short sine with a 1 ms attack, so its sound starts at its
/// first sample, and a smooth release, so it does not click.
public enum Tone {
    /// The sound of `signal` at `sampleRate`.
    public static func sound(of signal: SessionScore.Signal, sampleRate: Int) -> Audio {
        switch signal {
        case .workStart: sine(frequency: 880, seconds: 0.22, sampleRate: sampleRate)
        case .restStart: sine(frequency: 587.33, seconds: 0.22, sampleRate: sampleRate)
        case .tick: sine(frequency: 1_318.5, seconds: 0.05, sampleRate: sampleRate)
        case .finish: sine(frequency: 1_046.5, seconds: 0.6, sampleRate: sampleRate)
        }
    }

    /// How loud the tones are, as a fraction of full scale.
    static let amplitude = 0.3

    static func sine(frequency: Double, seconds: Double, sampleRate: Int) -> Audio {
        let count = Int(seconds * Double(sampleRate))
        let attack = max(1, sampleRate / 1000)
        let release = count / 3
        var samples = [Int16](repeating: 0, count: count)
        for index in 0..<count {
            let envelope = min(1, Double(index + 1) / Double(attack), Double(count - index) / Double(release))
            let phase = 2 * Double.pi * frequency * Double(index) / Double(sampleRate)
            samples[index] = Int16((sin(phase) * envelope * amplitude * 32_767).rounded())
        }
        return Audio(samples: samples, sampleRate: sampleRate)
    }
}
