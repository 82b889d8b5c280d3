import PacerFoundation

/// How the text formats write numbers and text.
enum ExportText {
    /// `value` to at most `decimals` places, trailing zeros dropped: `0.88`, `600`, `0.166667`.
    static func number(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return JSONText.number(value) }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        var fraction = String(units % Int64(scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (value < 0 && units > 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A text as one line: line breaks, tabs and other control characters (C0, DEL, C1) as spaces.
    static func line(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : Character($0) })
    }

    /// A text for an XML attribute or element: markup escaped, characters XML cannot hold left out,
    /// line breaks kept as `&#10;`.
    static func xml(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
