/// Writes JSON text: quoted strings and numbers in their shortest exact form.
public enum JSONText {
    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func quoted(_ text: String) -> String {
        // Most text is printable ASCII with neither quote nor backslash: it is its own literal.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F):
                // C0 controls must be escaped; DEL and C1 are escaped too, so that a JSON line
                // shown in a terminal can never act as a control sequence.
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number as JSON writes it: `3`, `12.5`, `-0.25`.
    public static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}
