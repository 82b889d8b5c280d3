import PacerFoundation

/// The canonical layout of a workout file, as `pacer fmt` writes it: 2-space indent, keys in the
/// order the guide gives them, a short step or a short array of numbers or names on one line.
/// Every value is kept, `$comment` and keys the layout does not know included (those after the
/// known ones, in the order written); laying out a laid-out file changes nothing.
public struct WorkoutLayout {
    /// A line laid out on one line may be at most this wide, indentation included.
    public static let width = 100

    /// Where in a workout an object sits, which decides the order of its keys.
    enum Context {
        case workout, step, exercise, cue, other
    }

    static let workoutOrder = ["$schema", "$comment", "pacer", "name", "description", "tags", "countdown", "halfway", "steps"]
    static let stepOrder = [
        "$comment", "name", "exercise", "work", "rest", "rounds", "target", "distance", "power", "heart_rate", "pace", "cadence", "weight",
        "cap", "time_cap", "halfway",
        "cue", "cues", "rest_between_rounds", "steps",
    ]
    static let exerciseOrder = ["$comment", "name", "exercise", "work", "halfway", "cue", "cues"]
    static let cueOrder = ["$comment", "at", "text", "round"]

    /// The text of a file whose parsed contents are `root`, ending in a line break.
    public static func text(of root: JSONValue) -> String {
        value(root, context: .workout, indent: 0) + "\n"
    }

    /// `root` with the keys of every object in the layout's order, as `text(of:)` writes them: for
    /// the file spelled another way (YAML).
    public static func ordered(_ root: JSONValue) -> JSONValue {
        ordered(root, context: .workout)
    }

    private static func ordered(_ value: JSONValue, context: Context) -> JSONValue {
        switch value.content {
        case .object(let members):
            let members = order(members, context: context).map {
                JSONValue.Member(key: $0.key, value: ordered($0.value, context: childContext(of: $0.key, in: context)))
            }
            return JSONValue(content: .object(members), offset: value.offset)
        case .array(let elements): return JSONValue(content: .array(elements.map { ordered($0, context: context) }), offset: value.offset)
        default: return value
        }
    }

    /// The first number in `root` (parsed from `source`) that the layout would write as another
    /// number, having more digits than pacer keeps; nil when every number is kept exactly.
    public static func inexactNumber(in root: JSONValue, source: [UInt8]) -> InexactNumber? {
        switch root.content {
        case .object(let members): return members.lazy.compactMap { inexactNumber(in: $0.value, source: source) }.first
        case .array(let elements): return elements.lazy.compactMap { inexactNumber(in: $0, source: source) }.first
        case .number(let number):
            let written = source[root.offset...].prefix { "-+.eE0123456789".utf8.contains($0) }
            let laidOut = JSONText.number(number)
            guard DecimalNumber(written) != DecimalNumber(laidOut.utf8) else { return nil }
            return InexactNumber(
                position: SourcePosition(of: root.offset, in: source), written: String(decoding: written, as: UTF8.self), laidOut: laidOut)
        case .null, .bool, .string: return nil
        }
    }

    // MARK: - Values

    private static func value(_ value: JSONValue, context: Context, indent: Int) -> String {
        switch value.content {
        case .object(let members): object(members, context: context, indent: indent)
        case .array(let elements): array(elements, of: context, indent: indent)
        default: scalar(value)!
        }
    }

    private static func scalar(_ value: JSONValue) -> String? {
        switch value.content {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): JSONText.number(number)
        case .string(let text): JSONText.quoted(text)
        case .array, .object: nil
        }
    }

    private static func object(_ members: [JSONValue.Member], context: Context, indent: Int) -> String {
        guard !members.isEmpty else { return "{}" }
        let ordered = order(members, context: context)
        let fields = ordered.map { member in
            JSONText.quoted(member.key) + ": " + value(member.value, context: childContext(of: member.key, in: context), indent: indent + 2)
        }
        let oneLine = "{ " + fields.joined(separator: ", ") + " }"
        let flat = ordered.allSatisfy { member in
            if case .object = member.value.content { return false }
            return !oneLine.contains("\n")
        }
        if context != .workout, flat, indent + oneLine.count <= width { return oneLine }
        let inner = String(repeating: " ", count: indent + 2)
        return "{\n" + fields.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
    }

    private static func array(_ elements: [JSONValue], of context: Context, indent: Int) -> String {
        guard !elements.isEmpty else { return "[]" }
        let written = elements.map { value($0, context: context, indent: indent + 2) }
        let scalars = elements.allSatisfy { scalar($0) != nil }
        let oneLine = "[" + written.joined(separator: ", ") + "]"
        if scalars, indent + oneLine.count <= width { return oneLine }
        let inner = String(repeating: " ", count: indent + 2)
        return "[\n" + written.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    }

    // MARK: - Keys

    /// What the values under `key` are: steps, a circuit's exercises, cues, or other detail.
    private static func childContext(of key: String, in context: Context) -> Context {
        guard context != .other, context != .cue else { return .other }
        switch key {
        case "steps": return .step
        case "circuit" where context == .step: return .exercise
        case "cues": return .cue
        default: return .other
        }
    }

    /// The members in the layout's order: a step's kind first, the known keys as the guide lists
    /// them, then the rest as written.
    static func order(_ members: [JSONValue.Member], context: Context) -> [JSONValue.Member] {
        var known: [String]
        switch context {
        case .workout: known = workoutOrder
        case .step:
            // As the decoder reads it: a circuit's "work" is no kind of its own.
            let kinds = StepKind.kinds(among: members.map(\.key))
            let kind = StepKind.all.first(where: kinds.contains)?.key
            known = (kind.map { [$0] } ?? []) + stepOrder.filter { $0 != kind }
        case .exercise: known = exerciseOrder
        case .cue: known = cueOrder
        case .other: return members
        }
        let first = known.compactMap { key in members.first { $0.key == key } }
        return first + members.filter { !known.contains($0.key) }
    }
}

/// A number in a workout file that `pacer fmt` would change: `12345678901234567890123` has more
/// digits than a number in pacer keeps, and would be written `1.2345678901234568e+22`.
public struct InexactNumber: Sendable, Equatable {
    /// Where the number starts.
    public let position: SourcePosition
    public let written: String
    public let laidOut: String

    /// What is wrong, and what to do, for after `FILE:LINE:COL: error: `.
    public var message: String {
        "the number \(written) has more digits than pacer keeps: it would be written \(laidOut), another number; write it with at most 15 digits"
    }
}

/// A decimal number's exact value, however it is written: `1.50e2`, `150` and `150.0` are the
/// same, `-0` is `0`.
struct DecimalNumber: Equatable {
    let negative: Bool
    /// The significant digits, without zeros at either end; empty for zero.
    let digits: [UInt8]
    /// The power of ten of the last digit.
    let exponent: Int

    /// Reads a number as JSON or Swift writes it; nil when its exponent is too far from 0 to be
    /// any number's that pacer keeps.
    init?(_ text: some Collection<UInt8>) {
        let negative = text.first == UInt8(ascii: "-")
        let unsigned = text.drop { $0 == UInt8(ascii: "-") }
        let mantissa = unsigned.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let integer = mantissa.prefix { $0 != UInt8(ascii: ".") }
        let fraction = mantissa.dropFirst(integer.count + 1)
        let all = Array(integer) + Array(fraction)
        guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }) else {
            (self.negative, digits, exponent) = (false, [], 0)
            return
        }
        let power = unsigned.dropFirst(mantissa.count + 1)
        guard let written = power.isEmpty ? 0 : Int(String(decoding: power, as: UTF8.self)), written.magnitude < 1 << 40 else { return nil }
        let last = all.lastIndex { $0 != UInt8(ascii: "0") }!
        self.negative = negative
        digits = Array(all[first...last])
        exponent = written - fraction.count + (all.count - 1 - last)
    }
}
