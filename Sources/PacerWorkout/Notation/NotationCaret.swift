import PacerFoundation

/// A line of notation with a caret under one column, cut to a window around it when the line is
/// long, and with every control character shown as it would be on a terminal, so the caret stays
/// under the character it means.
public struct NotationCaret: Sendable {
    /// At most this many characters of the line are shown on each side of the column.
    static let reach = 36

    public let lines: [String]

    public init(line: String, column: Int) {
        let characters = Array(line)
        let at = max(0, min(column - 1, characters.count))
        let start = max(0, at - Self.reach)
        let end = min(characters.count, at + Self.reach)
        var shown = start > 0 ? "…" : ""
        var offset = shown.count
        for (position, character) in characters[start..<end].enumerated() {
            let visible = TerminalText.visible(String(character), keepingLineBreaks: false)
            if start + position < at { offset += TerminalText(visible).width }
            shown += visible
        }
        if end < characters.count { shown += "…" }
        lines = ["    " + shown, "    " + String(repeating: " ", count: offset) + "^"]
    }
}
