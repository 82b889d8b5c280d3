import PacerFoundation

/// Mono 16-bit sound at a sample rate: a rendered phrase or a tone.
public struct Audio: Sendable, Equatable {
    public var samples: [Int16]
    /// Samples per second.
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// How long the sound lasts.
    public var duration: Duration {
        .nanoseconds(Int64(samples.count) * 1_000_000_000 / Int64(sampleRate))
    }

    /// The same sound at another sample rate, by linear interpolation between neighbouring samples.
    public func resampled(to rate: Int) -> Audio {
        guard rate != sampleRate, !samples.isEmpty else { return Audio(samples: samples, sampleRate: rate) }
        let count = Int((Int64(samples.count) * Int64(rate) + Int64(sampleRate / 2)) / Int64(sampleRate))
        let step = Double(sampleRate) / Double(rate)
        let last = samples.count - 1
        var output = [Int16](repeating: 0, count: count)
        for index in 0..<count {
            let position = Double(index) * step
            let before = min(Int(position), last)
            let after = min(before + 1, last)
            let fraction = position - Double(before)
            output[index] = Int16((Double(samples[before]) * (1 - fraction) + Double(samples[after]) * fraction).rounded())
        }
        return Audio(samples: output, sampleRate: rate)
    }

    /// The sound without its leading silence, and with at most `tail` of silence after it: so a
    /// phrase starts the moment it is placed, and what follows it comes after a natural pause.
    /// Silence is anything quieter than `threshold`; a silent sound becomes empty.
    public func trimmed(threshold: Int16 = 256, tail: Duration) -> Audio {
        let loud = { (sample: Int16) in sample > threshold || sample < -threshold }
        guard let first = samples.firstIndex(where: loud), let last = samples.lastIndex(where: loud) else {
            return Audio(samples: [], sampleRate: sampleRate)
        }
        let kept = Int(tail.nanoseconds * Int64(sampleRate) / 1_000_000_000)
        return Audio(samples: Array(samples[first...min(samples.count - 1, last + kept)]), sampleRate: sampleRate)
    }
}
