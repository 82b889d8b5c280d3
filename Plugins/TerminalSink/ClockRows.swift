import PacerCore

/// The big clock's rows as styled text, made from pieces kept from frame to frame: the rows of
/// all the clock's characters but the last, while those stay the same (nine ticks in ten), and
/// the rows of each last character. A tick joins two pieces per row instead of drawing the
/// whole clock again. The pieces' styles meet between them, which changes no cell.
final class ClockRows {
    /// What the pieces were made for.
    private struct Look: Equatable {
        let digits: BigDigits
        let style: String
        let indent: Int
    }

    private var look: Look?
    /// The characters before the last, and their rows after the indent.
    private var head: (text: String, rows: [TerminalText])?
    /// The rows of a last character by its byte, led by the gap after a head.
    private var tails: [UInt8: [TerminalText]] = [:]

    /// The rows of `clock` in `digits` after `indent` spaces, painted in `style`; nil when the
    /// font lacks one of its characters.
    func rows(of clock: String, digits: BigDigits, style: String, indent: Int, palette: Palette) -> [TerminalText]? {
        let look = Look(digits: digits, style: style, indent: indent)
        if look != self.look {
            self.look = look
            head = nil
            tails = [:]
        }
        guard let last = clock.utf8.last else { return [] }
        let headText = String(decoding: clock.utf8.dropLast(), as: UTF8.self)
        if head?.text != headText {
            guard let rendered = headText.isEmpty ? Array(repeating: "", count: digits.height) : digits.render(headText) else { return nil }
            head = (headText, rendered.map { TerminalText.spaces(indent) + palette.paint(TerminalText($0), style) })
        }
        guard let headRows = head?.rows else { return nil }
        if tails[last] == nil {
            let gap = headText.isEmpty ? "" : String(repeating: " ", count: digits.gap)
            guard let rendered = digits.render(String(decoding: [last], as: UTF8.self)) else { return nil }
            tails[last] = rendered.map { palette.paint(TerminalText(gap + $0), style) }
        }
        guard let tailRows = tails[last] else { return nil }
        return zip(headRows, tailRows).map { $0 + $1 }
    }
}
