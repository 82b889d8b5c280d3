/// One cell of a terminal's screen: the character drawn there and the style it is drawn in.
struct TerminalCell: Equatable, Sendable {
    /// The character with its combining marks; empty in the right half of a wide character.
    var text: String
    /// The SGR parameters in force, in the order they were given (`1;31;2`); empty for none.
    var style: String
    /// 1; 2 for a wide character, whose right half is a cell of width 0.
    var width: Int

    static let blank = TerminalCell(text: " ", style: "", width: 1)
}

extension TerminalText {
    /// The cells the text takes on a line of `limit` cells; what does not fit whole is left out.
    func cells(limit: Int) -> [TerminalCell] {
        var cells: [TerminalCell] = []
        var style = ""
        var full = false
        forEachPart { part, isStyle in
            if isStyle {
                // A style sequence is `ESC [ parameters m`; `0` or nothing resets, the rest adds up.
                let parameters = part.dropFirst(2).dropLast()
                style = parameters.isEmpty || parameters == "0" ? "" : style + (style.isEmpty ? "" : ";") + parameters
                return
            }
            for character in part where !full {
                let width = DisplayWidth.of(character)
                if width == 0 {
                    if let lead = cells.lastIndex(where: { $0.width > 0 }) { cells[lead].text.append(character) }
                } else if cells.count + width > limit {
                    full = true
                } else {
                    cells.append(TerminalCell(text: String(character), style: style, width: width))
                    if width == 2 { cells.append(TerminalCell(text: "", style: style, width: 0)) }
                }
            }
        }
        return cells
    }
}
