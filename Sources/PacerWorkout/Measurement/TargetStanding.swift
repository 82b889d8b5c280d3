/// Where a measured value stands against its target: below it, inside it, or above it. A target
/// of one value (250 W) has a band of 5 % around it; a range is inside from end to end. The
/// display, the coach's nudges, the time in target and the `standing` of a `sample` event (which
/// the web page colours by) all judge by this one rule.
public enum TargetStanding: String, Sendable, Equatable {
    case below, inside, above

    /// How far from a target of one value a measurement still counts as on it.
    public static let singleValueTolerance = 0.05

    /// Where `value` stands against `range`.
    public init(_ value: Double, in range: TargetRange) {
        let band = range.isSingle ? range.low * Self.singleValueTolerance : 0
        self = value < range.low - band ? .below : value > range.high + band ? .above : .inside
    }
}

extension MeasuredValues {
    /// Where each value stands against `target` (a channel's range now), for the channels that have one.
    public func standings(against target: (MeasuredChannel) -> TargetRange?) -> [MeasuredChannel: TargetStanding] {
        var standings: [MeasuredChannel: TargetStanding] = [:]
        for channel in channels {
            guard let value = self[channel], let range = target(channel) else { continue }
            standings[channel] = TargetStanding(value, in: range)
        }
        return standings
    }
}
