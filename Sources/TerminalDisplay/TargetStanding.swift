import PacerCore

/// Where a measured value stands against its target: below it, inside its range, or above it;
/// shown in a colour and with a mark that reads without colour.
public enum TargetStanding: Sendable, Equatable {
    case below, inside, above

    /// Where `value` stands against `range` (its ends inside).
    public init(_ value: Double, in range: TargetRange) {
        self = value < range.low ? .below : value > range.high ? .above : .inside
    }

    /// The mark beside the value: `▼ low`, `● on target`, `▲ high`; a pace says `slow` and `fast`.
    func mark(pace: Bool) -> String {
        switch self {
        case .below: pace ? "▼ slow" : "▼ low"
        case .inside: "● on target"
        case .above: pace ? "▲ fast" : "▲ high"
        }
    }
}
