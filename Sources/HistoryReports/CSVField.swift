import PacerFoundation

/// One cell of `pacer history --csv`: a value Pacer writes itself (a number, a time, an outcome)
/// or text from the user's data (names, paths, weights as written), which a spreadsheet must
/// never take for a formula.
enum CSVField {
    /// Pacer's own: written as it is.
    case value(String)
    /// From a workout file or the prompt: neutralised when a spreadsheet would read it as a formula.
    case text(String)

    /// The first characters that make a spreadsheet read a cell as a formula or run it (OWASP's
    /// CSV injection list, with the full-width forms that some spreadsheets fold into them).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}"]

    /// The cell as RFC 4180 writes it; `visible` escapes control characters for a terminal.
    func encoded(visible: Bool) -> String {
        let raw =
            switch self {
            case .value(let value): value
            case .text(let text): text.unicodeScalars.first.map(Self.formulaStarts.contains) == true ? "'" + text : text
            }
        return Self.quoted(visible ? TerminalText.visible(raw, keepingLineBreaks: false) : raw)
    }

    /// A row of cells as one line, ending in CRLF.
    static func line(_ row: [CSVField], visible: Bool) -> String {
        row.map { $0.encoded(visible: visible) }.joined(separator: ",") + "\r\n"
    }

    /// The field quoted when it holds a comma, quote or line break, its quotes doubled.
    private static func quoted(_ text: String) -> String {
        let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        guard text.utf8.contains(where: special.contains) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
