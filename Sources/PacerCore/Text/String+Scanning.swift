extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !Self.isSpace($0) })!
        return String(self[first...last])
    }

    /// Whether the string is empty or only spaces and tabs.
    var isBlank: Bool {
        utf8.allSatisfy(Self.isSpace)
    }

    /// Whether the string has no line break.
    var isOneLine: Bool {
        !utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// Whether the string uses a `{round}` or `{rounds}` token.
    var mentionsRound: Bool {
        utf8.contains(UInt8(ascii: "{")) && (contains("{round}") || contains("{rounds}"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
