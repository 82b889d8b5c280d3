/// Where a measured value stands against its target: below it, inside it, or above it. A target
/// of one value (250 W) has a band of 5 % around it; a range is inside from end to end. The
/// display, the coach's nudges and the time in target all judge by this one rule.
public enum TargetStanding: Sendable, Equatable {
    case below, inside, above

    /// How far from a target of one value a measurement still counts as on it.
    public static let singleValueTolerance = 0.05

    /// Where `value` stands against `range`.
    public init(_ value: Double, in range: TargetRange) {
        let band = range.isSingle ? range.low * Self.singleValueTolerance : 0
        self = value < range.low - band ? .below : value > range.high + band ? .above : .inside
    }
}
