import PacerFoundation

/// A low–high pair of target values in the unit they were written in; a single value has `low == high`.
public struct TargetRange: Sendable, Equatable {
    public let low: Double
    public let high: Double

    public init(_ low: Double, _ high: Double) {
        self.low = low
        self.high = high
    }

    /// A single value: low and high alike.
    public init(_ value: Double) {
        self.init(value, value)
    }

    /// Whether low and high are the same value.
    public var isSingle: Bool { low == high }

    /// The range `fraction` of the way from this one to `end` (0 is this range, 1 is `end`; clamped).
    public func interpolated(to end: TargetRange, fraction: Double) -> TargetRange {
        let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
        return TargetRange(low + (end.low - low) * f, high + (end.high - high) * f)
    }

    /// Both ends divided by `divisor` (100 turns a percentage into a fraction).
    func divided(by divisor: Double) -> TargetRange {
        TargetRange(low / divisor, high / divisor)
    }

    /// Both ends through `transform`, then put in order.
    func mapped(_ transform: (Double) -> Double) -> TargetRange {
        let (a, b) = (transform(low), transform(high))
        return TargetRange(min(a, b), max(a, b))
    }

    /// `[low, high]` as JSON.
    var json: String { "[" + JSONText.number(low) + "," + JSONText.number(high) + "]" }

    /// `88` or `88–94`, each value written by `number`.
    func text(_ number: (Double) -> String) -> String {
        isSingle ? number(low) : number(low) + "–" + number(high)
    }
}

/// A target's values through its step: a range at the start and one at the end, the same unless it ramps.
public struct TargetSpan: Sendable, Equatable {
    public let start: TargetRange
    public let end: TargetRange

    public init(start: TargetRange, end: TargetRange) {
        self.start = start
        self.end = end
    }

    /// A target that holds `range` from start to end.
    public init(_ range: TargetRange) {
        self.init(start: range, end: range)
    }

    /// Whether the target moves during the step.
    public var isRamp: Bool { start != end }

    /// The target `fraction` of the way through the step (0 at its start, 1 at its end).
    public func at(fraction: Double) -> TargetRange {
        start.interpolated(to: end, fraction: fraction)
    }

    /// The span with every value through `transform`.
    func mapped(_ transform: (Double) -> Double) -> TargetSpan {
        TargetSpan(start: start.mapped(transform), end: end.mapped(transform))
    }

    /// `"start":[..],"end":[..]` with each value divided by `divisor`.
    func jsonMembers(dividedBy divisor: Double = 1) -> String {
        "\"start\":" + start.divided(by: divisor).json + ",\"end\":" + end.divided(by: divisor).json
    }

    /// `88–94`, or `ramp 50–75` (`ramp 50–55 → 75–80` between ranges), each value written by `number`.
    func text(_ number: (Double) -> String) -> String {
        (isRamp ? "ramp " : "") + values(number)
    }

    /// The values without `ramp`: `88–94`, `50–75`, `50–55 → 75–80`.
    func values(_ number: (Double) -> String) -> String {
        guard isRamp else { return start.text(number) }
        if start.isSingle && end.isSingle { return number(start.low) + "–" + number(end.low) }
        return start.text(number) + " → " + end.text(number)
    }
}
