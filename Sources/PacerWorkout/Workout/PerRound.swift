/// A value a step gives once, or once per round of the repeat it is in (`"reps": [21, 15, 9]`).
public enum PerRound<Value: Sendable>: Sendable {
    case same(Value)
    case perRound([Value])

    /// The value in a round, counted from 1; outside any round, the first.
    public func value(inRound round: Int?) -> Value {
        switch self {
        case .same(let value): value
        case .perRound(let values): values[min(max(round ?? 1, 1), values.count) - 1]
        }
    }

    /// Every value the step can take, in round order.
    public var values: [Value] {
        switch self {
        case .same(let value): [value]
        case .perRound(let values): values
        }
    }

    /// Whether the value changes from round to round.
    public var variesByRound: Bool {
        if case .perRound = self { true } else { false }
    }
}

extension PerRound: Equatable where Value: Equatable {}
