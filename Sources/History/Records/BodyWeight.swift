import PacerFoundation

/// A body weight as written: a number above 0 in kilograms or pounds, kept in its own unit.
public struct BodyWeight: Sendable, Equatable, CustomStringConvertible {
    /// The units a body weight is written in.
    public enum Unit: String, Sendable, CaseIterable {
        case kg, lb

        /// How many kilograms one of the unit is.
        public var kilograms: Double { self == .kg ? 1 : 0.453_592_37 }

        /// The heaviest body weight taken in this unit: 1000 kg, or as many pounds.
        var maximum: Double { 1000 / kilograms }
    }

    public let value: Double
    public let unit: Unit

    /// The weight, or nil when it is no body weight (0 or less, past 1000 kg, not finite).
    public init?(value: Double, unit: Unit) {
        guard value.isFinite, value > 0, value <= unit.maximum else { return nil }
        self.value = value
        self.unit = unit
    }

    /// Reads `82.5 kg`, `82.5kg`, `82,5 kg`, `181 lb`, `181 lbs` the way a weight at the prompt
    /// is read (the same in every locale, `1,000` refused); without a unit, `unit` is taken.
    public static func parse(_ text: String, unit fallback: Unit? = nil) -> Result<BodyWeight, BodyWeightError> {
        let written = text.trimmingSpaces()
        if let hint = WeightNumber(written.unicodeScalars).ambiguityHint { return .failure(.ambiguous(hint: hint)) }
        let logged = LoggedWeight(text: written)
        guard let value = logged.value, !written.hasPrefix("-") else { return .failure(.notAWeight(written)) }
        guard let unit = logged.unit.map({ Unit(rawValue: $0) }) ?? fallback else {
            return .failure(logged.unit.map { .notAUnit($0) } ?? .noUnit(written))
        }
        guard let weight = BodyWeight(value: value, unit: unit) else { return .failure(.outOfRange(written, unit: unit)) }
        return .success(weight)
    }

    /// The weight in another unit.
    public func value(in other: Unit) -> Double {
        other == unit ? value : value * unit.kilograms / other.kilograms
    }

    /// `82.5 kg`.
    public var description: String { "\(JSONText.number(value)) \(unit)" }
}

/// Why a text is no body weight: a case to switch on, said for the user.
public enum BodyWeightError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The number reads one way in some countries and another in others: `hint` says both.
    case ambiguous(hint: String)
    /// The text is no number (or a negative one).
    case notAWeight(String)
    /// The unit written is none of body weight.
    case notAUnit(String)
    /// The text has no unit and there is no earlier one to take.
    case noUnit(String)
    /// The weight is not above 0 and at most `unit`'s maximum.
    case outOfRange(String, unit: BodyWeight.Unit)

    public var description: String {
        let example = "82.5 kg or 181 lb"
        return switch self {
        case .ambiguous(let hint): hint
        case .notAWeight(let written): "'\(written)' is not a body weight: write a number and its unit, such as \(example)"
        case .notAUnit(let unit): "'\(unit)' is not a unit of body weight: write kg or lb, as in \(example)"
        case .noUnit(let written): "give the unit of '\(written)': \(example)"
        case .outOfRange(let written, let unit):
            "a body weight is above 0 and at most \(JSONText.number(unit.maximum.rounded(.down))) \(unit), not \(written)"
        }
    }
}
