import PacerFoundation

/// A target as written in a file, split into its parts: `ramp`, one or two values, and the unit.
///
/// Spacing is free around the parts (`250W`, `250 W`, `88-94%`, `88 - 94 %`, `85-90% LTHR`); a
/// range takes a hyphen or an en dash; units and `ramp` read in any case. Each target type reads
/// the values and the unit itself, and refuses what it does not know with the fix.
struct WrittenTarget {
    /// The text as written, without surrounding spaces, for messages.
    let text: String
    let isRamp: Bool
    /// The first value as written (`88`, `4:20`), empty when the text does not start with one.
    let first: String
    /// The value after a hyphen, if any.
    let second: String?
    /// The unit, lower-cased and without spaces: `%`, `w`, `bpm`, `%lthr`, `/km`; empty when none.
    let unit: String
    /// The unit as written, for messages.
    let writtenUnit: String

    init(_ text: String) {
        self.text = text.trimmingSpaces()
        var rest = Substring(self.text)
        isRamp = rest.lowercased().hasPrefix("ramp") && rest.dropFirst(4).first.map(Self.isSpaceOrDigit) ?? true
        if isRamp { rest = rest.dropFirst(4).drop(while: Self.isSpace) }
        first = String(rest.prefix(while: Self.isValueCharacter))
        rest = rest.dropFirst(first.count).drop(while: Self.isSpace)
        if let dash = rest.first, dash == "-" || dash == "–" {
            rest = rest.dropFirst().drop(while: Self.isSpace)
            let second = String(rest.prefix(while: Self.isValueCharacter))
            self.second = second
            rest = rest.dropFirst(second.count)
        } else {
            second = nil
        }
        writtenUnit = String(rest).trimmingSpaces()
        unit = String(writtenUnit.lowercased().filter { !Self.isSpace($0) })
    }

    /// The values as written, `90` or `88-94`, for messages.
    var values: String { second.map { first + "-" + $0 } ?? first }

    /// The refusal of a unit that is not one of `units`, with the closest as a did-you-mean and
    /// what to write instead (`a target such as …`).
    func unknownUnit(of kind: String, among units: [String], write example: String) -> TargetError {
        let near = Suggestion.closest(to: unit, among: units)
        return TargetError(
            "unknown \(kind) unit \"\(writtenUnit)\"" + (near.map { " (did you mean \"\($0)\"?)" } ?? "") + ": write \(example)")
    }

    /// Refuses a text that does not start with a value.
    func requireValue(example: String) throws(TargetError) {
        if first.isEmpty { throw TargetError("\"\(text)\" does not start with a number: write a target such as \(example)") }
    }

    /// The plain numbers read as a span: see `span(low:high:…)`.
    func numberSpan(_ rule: TargetRule, kind: String, rampExample: String?, example: String) throws(TargetError) -> TargetSpan {
        let low = try Self.number(first, in: text, example: example)
        let high: Double? = if let second { try Self.number(second, in: text, example: example) } else { nil }
        return try span(low: low, high: high, rule, kind: kind, rampExample: rampExample, example: example)
    }

    /// One value held, a low–high range held, or (after `ramp`, where `rampExample` allows one) a
    /// ramp from the first value to the second; each value within the rule's bounds.
    func span(low: Double, high: Double?, _ rule: TargetRule, kind: String, rampExample: String?, example: String) throws(TargetError)
        -> TargetSpan
    {
        let (shown, symbol) = (rule.shown, rule.symbol)
        for value in [low, high].compactMap({ $0 }) {
            try rule.check(value)
        }
        if isRamp {
            guard let rampExample else { throw TargetError("only a power target ramps: write a steady \(kind) target such as \(example)") }
            guard let high else { throw TargetError("a ramp goes from one value to another: write \(rampExample)") }
            return TargetSpan(start: TargetRange(low), end: TargetRange(high))
        }
        guard let high else { return TargetSpan(TargetRange(low)) }
        guard low <= high else {
            throw TargetError("\(shown(low)) is above \(shown(high)): write the lower value first, \(shown(high))-\(shown(low))\(symbol)")
        }
        return TargetSpan(TargetRange(low, high))
    }

    /// The zone number of a text such as `Z3` or `z3` (or `Z3 HR` when `suffix` is `hr`, in any case),
    /// nil when the text is not a zone; throws when it names a zone out of `1...count` or adds
    /// anything else after it.
    static func zone(in text: String, count: Int, of kind: String, named: String, suffix: String? = nil) throws(TargetError) -> Int? {
        let text = text.trimmingSpaces()
        guard let letter = text.first, letter == "Z" || letter == "z",
            let digit = text.dropFirst().first, digit.isASCII, digit.isNumber
        else { return nil }
        let digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(1 + digits.count)
        guard let zone = Int(digits), (1...count).contains(zone) else {
            throw TargetRule.noZone(String(digits), count: count, of: kind, named: named)
        }
        let after = rest.lowercased().filter { !isSpace($0) }
        guard after.isEmpty || after == suffix else {
            throw TargetError("\"\(text)\": write a \(kind) zone alone, as Z\(zone)")
        }
        return zone
    }

    /// The value of a plain number such as `90` or `62.5`; a decimal comma or locale-dependent
    /// grouping is refused with the way to write it.
    static func number(_ written: String, in text: String, example: String) throws(TargetError) -> Double {
        if written.isEmpty {
            throw TargetError("\"\(text)\" does not start with a number: write a target such as \(example)")
        }
        if written.contains(",") {
            let number = WeightNumber(written.unicodeScalars)
            if let hint = number.ambiguityHint { throw TargetError(hint) }
            if case .number(let value, written.unicodeScalars.count) = number {
                throw TargetError("write \(written) as \(JSONText.number(value)): a target takes a decimal point and no commas")
            }
            throw TargetError("\"\(written)\" is not a number: write a target such as \(example)")
        }
        guard let value = written.decimalValue else {
            throw TargetError("\"\(written)\" is not a number: write a target such as \(example)")
        }
        return value
    }

    private static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
    private static func isSpaceOrDigit(_ character: Character) -> Bool { isSpace(character) || (character.isASCII && character.isNumber) }
    private static func isValueCharacter(_ character: Character) -> Bool {
        (character.isASCII && character.isNumber) || character == "." || character == "," || character == ":"
    }
}

/// How target values are written for people.
enum TargetNumber {
    /// A value as written: `88`, `62.5`.
    static func written(_ value: Double) -> String { JSONText.number(value) }

    /// A computed value to the nearest whole number: `220` (`?` for a value no number can show).
    static func whole(_ value: Double) -> String {
        guard let whole = Int(exactly: value.rounded()) else { return "?" }
        return String(whole)
    }

    /// Seconds as `m:ss`, to the nearest second: `4:30` (`?` for a value no pace can show).
    static func clock(_ seconds: Double) -> String {
        guard let total = Int(exactly: seconds.rounded()), total >= 0 else { return "?" }
        let (minutes, rest) = (total / 60, total % 60)
        return "\(minutes):" + (rest < 10 ? "0" : "") + String(rest)
    }
}
