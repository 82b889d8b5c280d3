/// Guesses what a file that is not a workout's JSON is, so the error can say so.
enum FileSniffing {
    /// "UTF-16 (little-endian)" or "UTF-16 (big-endian)" when the bytes are clearly UTF-16: a byte
    /// order mark, or the NUL bytes that ASCII text has in every other place in UTF-16.
    static func utf16Encoding(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        if bytes[0] == 0xFF && bytes[1] == 0xFE { return "UTF-16 (little-endian)" }
        if bytes[0] == 0xFE && bytes[1] == 0xFF { return "UTF-16 (big-endian)" }
        guard bytes.count >= 4 else { return nil }
        if bytes[0] != 0 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0 { return "UTF-16 (little-endian)" }
        if bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 && bytes[3] != 0 { return "UTF-16 (big-endian)" }
        return nil
    }

    /// Whether the first line that says something (after blank lines and `#` comments) reads as YAML:
    /// a `---` document start, a `- item`, or a `key: value` mapping.
    static func looksLikeYAML(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix { $0 == " " || $0 == "\t" } }
        guard let line = lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else { return false }
        if line.hasPrefix("---") || line.hasPrefix("- ") || line == "-" { return true }
        guard let colon = line.firstIndex(of: ":") else { return false }
        let key = line[..<colon].trimmingPrefix { $0 == "\"" || $0 == "'" }
        let afterColon = line[colon...].dropFirst()
        return !key.isEmpty && !key.contains("{") && !key.contains("[") && (afterColon.isEmpty || afterColon.first == " ")
    }
}
