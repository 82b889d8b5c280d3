import PacerFoundation
import PacerWorkout

/// A weight as logged, with its number and unit when it has them: `"22.5 kg"` is 22.5 and `kg`,
/// `60` is 60 with no unit, `"bodyweight"` is text only.
public struct LoggedWeight: Sendable, Equatable, CustomStringConvertible {
    /// The weight as written.
    public var text: String
    public var value: Double?
    /// `kg`, `lb`, or another unit word as written (lowercased); nil for a bare number.
    public var unit: String?

    public init(text: String, value: Double?, unit: String?) {
        self.text = text
        self.value = value
        self.unit = unit
    }

    /// A weight from a workout file or a `done` command.
    public init(_ weight: Weight) {
        switch weight {
        case .number(let number): self.init(text: weight.description, value: number, unit: nil)
        case .text(let text): self.init(text: text)
        }
    }

    /// Parses `30kg`, `22.5 kg`, `22,5 kg`, `1,000.5 lb`, `135 lbs`, `60`; anything else keeps only
    /// its text, and so does a number that reads differently by locale (`1,000 lb`: see `WeightNumber`).
    public init(text: String) {
        self.init(text: text, value: nil, unit: nil)
        let scalars = Array(text.unicodeScalars.drop(while: Self.isSpace).reversed().drop(while: Self.isSpace).reversed())
        guard case .number(let number, let length) = WeightNumber(scalars) else { return }
        let word = String(String.UnicodeScalarView(scalars[length...].drop(while: Self.isSpace))).lowercased()
        guard word.unicodeScalars.allSatisfy(\.properties.isAlphabetic), word.count <= 10 else { return }
        value = number
        unit = word.isEmpty ? nil : Self.units[word] ?? word
    }

    /// `22.5 kg`, `60`, or the text when there is no number.
    public var description: String {
        guard let value else { return text }
        return JSONText.number(value) + (unit.map { " \($0)" } ?? "")
    }

    private static let units = [
        "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg",
        "lbs": "lb", "pound": "lb", "pounds": "lb",
    ]

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
}
