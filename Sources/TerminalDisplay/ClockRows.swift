import PacerFoundation
import TerminalRendering

/// The big clock's rows as styled text, made from pieces kept from frame to frame: the rows of
/// all the clock's characters but the last, while those stay the same (nine ticks in ten), and
/// the rows of each last character. A tick joins two pieces per row instead of drawing the
/// whole clock again. The pieces' styles meet between them, which changes no cell.
final class ClockRows {
    /// What the pieces were made for; a clock of one character has no head, and its tail no gap.
    private struct Look: Equatable {
        let digits: BigDigits
        let style: String
        let indent: Int
        let hasHead: Bool
    }

    private var look: Look?
    /// The characters before the last, and their rows after the indent.
    private var head: (text: String, rows: [TerminalText])?
    /// The rows of a last character by its byte, led by the gap when there is a head.
    private var tails: [UInt8: [TerminalText]] = [:]
    /// The rows of each glyph by its byte, read into cells, in the digits and style they were painted in.
    private var glyphs: (digits: BigDigits, style: String, rows: [UInt8: [TerminalPiece]])?

    /// The rows of `clock` in `digits` after `indent` spaces, painted in `style`; nil when the
    /// font lacks one of its characters.
    func rows(of clock: String, digits: BigDigits, style: String, indent: Int, palette: Palette) -> [TerminalText]? {
        guard let last = clock.utf8.last else { return [] }
        let headText = String(decoding: clock.utf8.dropLast(), as: UTF8.self)
        let look = Look(digits: digits, style: style, indent: indent, hasHead: !headText.isEmpty)
        if look != self.look {
            self.look = look
            head = nil
            tails = [:]
        }
        let headRows: [TerminalText]
        if let head, head.text == headText {
            headRows = head.rows
        } else {
            guard let rendered = headText.isEmpty ? Array(repeating: "", count: digits.height) : digits.render(headText) else { return nil }
            headRows = rendered.map { TerminalText.spaces(indent) + palette.paint(TerminalText($0), style) }
            head = (headText, headRows)
        }
        let tailRows: [TerminalText]
        if let kept = tails[last] {
            tailRows = kept
        } else {
            let gap = headText.isEmpty ? "" : String(repeating: " ", count: digits.gap)
            guard let rendered = digits.render(String(decoding: [last], as: UTF8.self)) else { return nil }
            tailRows = rendered.map { palette.paint(TerminalText(gap + $0), style) }
            tails[last] = tailRows
        }
        return zip(headRows, tailRows).map { $0 + $1 }
    }

    /// The rows of the glyph of `byte` in `digits`, painted in `style` as `rows(of:…)` draws
    /// them, read into cells; nil when the font lacks it.
    func glyphRows(of byte: UInt8, digits: BigDigits, style: String) -> [TerminalPiece]? {
        if glyphs.map({ $0.digits != digits || $0.style != style }) ?? true { glyphs = (digits, style, [:]) }
        if let rows = glyphs?.rows[byte] { return rows }
        guard let rendered = digits.glyph(byte: byte) else { return nil }
        let rows = rendered.map { TerminalPiece(plain: $0, styled: style) }
        glyphs?.rows[byte] = rows
        return rows
    }
}
