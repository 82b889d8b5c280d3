/// The average and maximum of one channel over a stretch of samples.
public struct ChannelStatistics: Sendable, Equatable {
    public var samples = 0
    public var sum = 0.0
    public var maximum = 0.0

    public init() {}

    /// The mean of the samples.
    public var average: Double { samples == 0 ? 0 : sum / Double(samples) }

    mutating func add(_ value: Double) {
        samples += 1
        sum += value
        maximum = samples == 1 ? value : max(maximum, value)
    }
}

/// Seconds (one a sample) a channel spent inside, below and above its target.
public struct TargetAdherence: Sendable, Equatable {
    public var inside = 0
    public var below = 0
    public var above = 0

    public init(inside: Int = 0, below: Int = 0, above: Int = 0) {
        self.inside = inside
        self.below = below
        self.above = above
    }

    /// All the seconds counted.
    public var total: Int { inside + below + above }
}

/// What was measured over a phase or a whole session: every channel's average and maximum, the
/// time each targeted channel spent inside its target, and the power's normalised value and work.
public struct MeasuredSummary: Sendable, Equatable {
    public var channels: [MeasuredChannel: ChannelStatistics] = [:]
    /// Only for channels the phase had a target for (speed stands for a pace target).
    public var adherence: [MeasuredChannel: TargetAdherence] = [:]
    /// Normalised power over the power samples (their plain average under 30 of them).
    public var normalizedPower: Double? { NormalizedPower.of(powerSamples) }
    /// Work in joules: each power sample stands for one second of session time.
    public var work: Double? { powerSamples.isEmpty ? nil : powerSamples.reduce(0, +) }
    /// The power samples in order, one a second, for the normalised power.
    public private(set) var powerSamples: [Double] = []

    public init() {}

    /// Whether nothing was measured.
    public var isEmpty: Bool { channels.isEmpty }

    /// Counts one sample, judged against `target` (a channel's range at the sample's moment).
    public mutating func add(_ values: MeasuredValues, target: (MeasuredChannel) -> TargetRange?) {
        for channel in values.channels {
            guard let value = values[channel] else { continue }
            channels[channel, default: ChannelStatistics()].add(value)
            if channel == .power { powerSamples.append(value) }
            if let range = target(channel) {
                adherence[channel, default: TargetAdherence()].count(value, against: range)
            }
        }
    }
}

extension TargetAdherence {
    /// Counts one second of `value` against `range`, by `TargetStanding`'s rule.
    public mutating func count(_ value: Double, against range: TargetRange) {
        switch TargetStanding(value, in: range) {
        case .below: below += 1
        case .inside: inside += 1
        case .above: above += 1
        }
    }
}
