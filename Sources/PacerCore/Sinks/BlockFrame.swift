/// The live block as the terminal shows it, cell by cell, so that the next block is drawn by
/// writing only the cells that differ from what is there.
public struct BlockFrame: Sendable {
    /// What one row shows: its text as last drawn, and the cells that text takes.
    private struct Row: Sendable {
        var text: TerminalText
        var cells: [TerminalCell]
    }

    private var shown: [Row] = []
    /// The size `shown` was drawn for; nil when nothing is known of the screen.
    private var size: (columns: Int, rows: Int)?
    /// The texts of more than 8 bytes the cells hold, kept while the rows that hold them are shown.
    private var texts = LongCellTexts()

    public init() {}

    /// Forgets what the screen shows (it was cleared, scrolled or laid out anew): the next draw
    /// is whole.
    public mutating func invalidate() {
        size = nil
    }

    /// The text that makes the top `rows` rows of a terminal `columns` wide show the first `rows`
    /// lines of `block`: the cells that differ from what is shown, each run of them placed with one
    /// cursor move; or, when nothing is known of the screen or it was drawn at another size, every
    /// row cleared and drawn. Empty when nothing changed. Each line must fit in `columns`; what
    /// does not is left out. `fromDefaultStyle` says that the terminal draws in its default style
    /// when the text begins (everything else written to it ends in that style), so the first style
    /// set need not reset first.
    public mutating func draw(_ block: [TerminalText], columns: Int, rows: Int, fromDefaultStyle: Bool = false) -> String {
        let columns = max(0, columns)
        let lines = Array(block.prefix(max(0, rows)))
        let whole = size.map { $0 != (columns, rows) } ?? true
        if whole { texts = LongCellTexts() }
        // The rows as they will be (those that did not change, as they are), then what to write for them.
        var unchanged = [Bool](repeating: false, count: lines.count)
        let drawn = lines.indices.map { row in
            unchanged[row] = !whole && row < shown.count && lines[row].isIdentical(to: shown[row].text)
            return unchanged[row] ? shown[row] : Row(text: lines[row], cells: lines[row].cells(limit: columns, texts: &texts))
        }
        var writer = CellWriter(columns: columns, pen: fromDefaultStyle ? CellBytes.none : nil, texts: texts)
        if whole {
            for row in 0..<max(lines.count, min(shown.count, rows)) {
                writer.redraw(row: row, with: row < drawn.count ? drawn[row].cells : [])
            }
        } else {
            for row in 0..<max(lines.count, shown.count) where row >= unchanged.count || !unchanged[row] {
                writer.change(row: row, from: row < shown.count ? shown[row].cells : [], to: row < drawn.count ? drawn[row].cells : [])
            }
        }
        shown = drawn
        size = (columns, rows)
        return writer.finished()
    }
}

/// Text for a terminal that writes cells at given places, with the shortest cursor moves and
/// changing the style only where it must.
private struct CellWriter {
    /// The terminal's width: past its last column, where the cursor is depends on the terminal.
    let columns: Int
    private var output = ""
    /// The style in force; nil until the writer sets one (the terminal's may be anything).
    private var pen: CellBytes?
    /// Where the cursor is, while that is certain: not after a wide character or combining marks
    /// (a terminal may measure them otherwise), nor after the last column.
    private var cursor: (row: Int, column: Int)?

    /// The texts of more than 8 bytes the cells written hold.
    private let texts: LongCellTexts

    init(columns: Int, pen: CellBytes?, texts: LongCellTexts) {
        self.columns = columns
        self.pen = pen
        self.texts = texts
    }

    /// Clears `row` and draws `cells` on it.
    mutating func redraw(row: Int, with cells: [TerminalCell]) {
        move(row: row, column: 0)
        setPen(.none)
        output += "\u{1B}[2K"
        put(0..<(cells.lastIndex { $0 != .blank }.map { $0 + 1 } ?? 0)) { cells[$0] }
    }

    /// Writes the cells of `row` that differ between `old` and `new`; blanks that end the row are
    /// cleared. Wide characters need no care of their own: the right half of one has its style,
    /// so it differs only where its left half does (which is written, and covers it), and a cell
    /// that overwrites half of an old one differs from the old one's other half too.
    mutating func change(row: Int, from old: [TerminalCell], to new: [TerminalCell]) {
        let count = max(old.count, new.count)
        let newCell = { $0 < new.count ? new[$0] : TerminalCell.blank }
        let contentEnd = new.lastIndex { $0 != .blank }.map { $0 + 1 } ?? 0
        var column = 0
        while column < count {
            guard differs(old, new, at: column) else {
                column += 1
                continue
            }
            let first = column
            while column < count, differs(old, new, at: column) { column += 1 }
            move(row: row, column: first)
            if column == count, contentEnd < column {
                put(first..<max(first, contentEnd), of: newCell)
                setPen(.none)
                output += "\u{1B}[K"
            } else {
                put(first..<column, of: newCell)
            }
        }
    }

    /// Whether the cell at `column` differs between the two rows (a row is blank past its end).
    private func differs(_ old: [TerminalCell], _ new: [TerminalCell], at column: Int) -> Bool {
        (column < old.count ? old[column] : .blank) != (column < new.count ? new[column] : .blank)
    }

    /// The text written, leaving the terminal in its default style.
    mutating func finished() -> String {
        if let pen, pen != .none { setPen(.none) }
        return output
    }

    /// Moves the cursor to `row`, `column` (from 0): to the place itself, or by the rows and
    /// columns from where it is, whichever is shorter. The block's rows are above the scrolling
    /// region, so moving down a row (`ESC D`) never scrolls.
    private mutating func move(row: Int, column: Int) {
        defer { cursor = (row, column) }
        let absolute = "\u{1B}[\(row + 1);\(column + 1)H"
        guard let cursor else {
            output += absolute
            return
        }
        guard cursor != (row, column) else { return }
        let down = row - cursor.row
        var vertical = down == 0 ? "" : Self.sequence(abs(down), down > 0 ? "B" : "A")
        if down > 0, 2 * down < vertical.utf8.count { vertical = String(repeating: "\u{1B}D", count: down) }
        let across = column - cursor.column
        var horizontal = across == 0 ? "" : Self.sequence(abs(across), across > 0 ? "C" : "D")
        // A backspace is one byte: up to three of them are shorter than `ESC [ n D`.
        if across < 0, -across < horizontal.utf8.count { horizontal = String(repeating: "\u{08}", count: -across) }
        if across != 0, "\(column + 1)".count + 3 < horizontal.utf8.count { horizontal = "\u{1B}[\(column + 1)G" }
        let relative = vertical + horizontal
        output += relative.utf8.count < absolute.utf8.count ? relative : absolute
    }

    /// `ESC [ count final`, the count left out when it is 1.
    private static func sequence(_ count: Int, _ final: Character) -> String {
        count == 1 ? "\u{1B}[\(final)" : "\u{1B}[\(count)\(final)"
    }

    private mutating func put(_ range: Range<Int>, of cell: (Int) -> TerminalCell) {
        for column in range {
            let cell = cell(column)
            guard cell.width > 0 else { continue }
            setPen(cell.style)
            output += texts.string(cell.text)
            if let place = cursor, cell.width == 1, texts.isOneScalar(cell.text), place.column + 1 < columns {
                cursor = (place.row, place.column + 1)
            } else {
                cursor = nil
            }
        }
    }

    /// Sets the style: by adding to the one in force when it only adds, else from the default.
    private mutating func setPen(_ style: CellBytes) {
        guard pen != style else { return }
        let parameters = texts.string(style)
        if let old = pen.map(texts.string), old.isEmpty || parameters.hasPrefix(old + ";") {
            output += "\u{1B}[" + parameters.dropFirst(old.isEmpty ? 0 : old.count + 1) + "m"
        } else {
            output += parameters.isEmpty ? "\u{1B}[m" : "\u{1B}[0;\(parameters)m"
        }
        pen = style
    }
}
