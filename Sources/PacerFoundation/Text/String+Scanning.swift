extension String {
    /// The string without leading and trailing spaces and tabs.
    package func trimmingSpaces() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !Self.isSpace($0) })!
        return String(self[first...last])
    }

    /// The value of a plain decimal number such as `12`, `22.5` or `.5`: digits and at most one
    /// point, no sign, exponent or hexadecimal (which `Double(_:)` would take).
    public var decimalValue: Double? {
        var digits = 0
        var points = 0
        for byte in utf8 {
            if byte >= 48 && byte <= 57 {
                digits += 1
            } else if byte == UInt8(ascii: ".") {
                points += 1
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(self), value.isFinite else { return nil }
        return value
    }

    /// Whether the string is empty or only spaces and tabs.
    public var isBlank: Bool {
        utf8.allSatisfy(Self.isSpace)
    }

    /// Whether the string has no line break.
    public var isOneLine: Bool {
        !utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// Whether the string uses a `{round}` or `{rounds}` token.
    package var mentionsRound: Bool {
        utf8.contains(UInt8(ascii: "{")) && (contains("{round}") || contains("{rounds}"))
    }

    /// Whether the string uses the `{item}` token (most names have no brace, and are settled by a byte scan).
    package var mentionsItem: Bool {
        utf8.contains(UInt8(ascii: "{")) && contains("{item}")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
