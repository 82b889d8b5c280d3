import PacerFoundation

/// The live block as the terminal shows it, cell by cell, so that the next block is drawn by
/// writing only the cells that differ from what is there.
public struct BlockFrame: Sendable {
    /// What one row shows: its text as last drawn, and the cells that text takes; once spans
    /// were written over it (`isOverwritten`), only the cells, which the text no longer gives.
    fileprivate struct Row: Sendable {
        var text: TerminalText
        var line: LineCells
        /// Whether a terminal may place the row's cells otherwise than they are counted here: it
        /// has a character of more than one scalar (an emoji with its variation selector, a joined
        /// emoji, a letter with marks), which terminals measure each their own way. Such a row
        /// is written whole from its start when it changes, so each cell lands where the
        /// terminal itself puts it.
        var isUncertain: Bool
        var isOverwritten = false
        var cells: [TerminalCell] { line.cells }

        init(text: TerminalText, line: LineCells, texts: LongCellTexts) {
            self.text = text
            self.line = line
            isUncertain = line.cells.contains { !texts.isOneScalar($0.text) && $0.width > 0 }
        }

        /// The text and its cells, to read a changed text from where it differs; nil once overwritten.
        var drawnText: (text: TerminalText, line: LineCells)? { isOverwritten ? nil : (text, line) }
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

    /// The bytes that make the top `rows` rows of a terminal `columns` wide show the first `rows`
    /// lines of `block`: the cells that differ from what is shown, each run of them placed with one
    /// cursor move; or, when nothing is known of the screen or it was drawn at another size, every
    /// row cleared and drawn. Empty when nothing changed. Each line must fit in `columns`; what
    /// does not is left out. `fromDefaultStyle` says that the terminal draws in its default style
    /// when the text begins (everything else written to it ends in that style), so the first style
    /// set need not reset first.
    public mutating func draw(_ block: [TerminalText], columns: Int, rows: Int, fromDefaultStyle: Bool = false) -> [UInt8] {
        let columns = max(0, columns)
        let lines = Array(block.prefix(max(0, rows)))
        let whole = size.map { $0 != (columns, rows) } ?? true
        if whole { texts = LongCellTexts() }
        // The rows as they will be (those that did not change, as they are), then what to write for them.
        // A changed row is read only from where it differs from the row shown (a second's tick
        // changes the end of a bar, the last digit of the clock).
        var unchanged = [Bool](repeating: false, count: lines.count)
        let drawn = lines.indices.map { row in
            let previous = whole || row >= shown.count ? nil : shown[row]
            unchanged[row] = previous?.drawnText.map { lines[row].isIdentical(to: $0.text) } ?? false
            if unchanged[row], let previous { return previous }
            let line = lines[row].lineCells(limit: columns, texts: &texts, after: previous?.drawnText)
            return Row(text: lines[row], line: line, texts: texts)
        }
        var writer = CellWriter(columns: columns, pen: fromDefaultStyle ? CellBytes.none : nil, texts: texts)
        if whole {
            for row in 0..<max(lines.count, min(shown.count, rows)) {
                writer.redraw(
                    row: row, with: row < drawn.count ? drawn[row].cells : [], everyCell: row < drawn.count && drawn[row].isUncertain)
            }
        } else {
            for row in 0..<max(lines.count, shown.count) where row >= unchanged.count || !unchanged[row] {
                let new = row < drawn.count ? drawn[row] : nil
                if (row < shown.count && shown[row].isUncertain) || new?.isUncertain == true {
                    writer.redraw(row: row, with: new?.cells ?? [], everyCell: new?.isUncertain == true)
                } else {
                    writer.change(
                        row: row, from: row < shown.count ? shown[row].cells : [], to: new?.cells ?? [],
                        within: new.map { $0.line.takenOver..<Int.max })
                }
            }
        }
        shown = drawn
        size = (columns, rows)
        return writer.finished()
    }

    /// The bytes that write `spans` over the rows shown, in their order (see `Screen.overwrite`):
    /// the cells of each that differ from what is there. Nil when that cannot be done cell by cell
    /// and the block must be drawn whole instead: nothing is known of the screen or it was drawn
    /// at another size, a span lies outside the rows shown or over one a terminal may lay out
    /// otherwise (`Row.isUncertain`), its text has a character that is not one cell wide or is
    /// more than one scalar, or it would cut a wide character shown in two. What does not fit in
    /// `columns` is left out.
    public mutating func overwrite(_ spans: [TerminalSpan], columns: Int, rows: Int, fromDefaultStyle: Bool = false) -> [UInt8]? {
        guard let size, size == (max(0, columns), rows) else { return nil }
        var placed: [(row: Int, column: Int, cells: ArraySlice<TerminalCell>)] = []
        placed.reserveCapacity(spans.count)
        for span in spans {
            guard shown.indices.contains(span.row), span.column >= 0, !shown[span.row].isUncertain else { return nil }
            let room = max(0, size.columns - span.column)
            let cells = span.piece.cells ?? span.piece.text.lineCells(limit: room, texts: &texts).cells
            guard span.piece.cells != nil || cells.allSatisfy(texts.isNarrowScalar) else { return nil }
            let under = shown[span.row].cells
            let end = span.column + min(room, cells.count)
            // The right half of a wide character at either edge: the span would cut it in two.
            guard span.column >= under.count || under[span.column].width != 0, end >= under.count || under[end].width != 0 else {
                return nil
            }
            placed.append((span.row, span.column, cells.prefix(room)))
        }
        var writer = CellWriter(columns: size.columns, pen: fromDefaultStyle ? CellBytes.none : nil, texts: texts)
        for (row, column, cells) in placed {
            writer.overwrite(row: row, at: column, over: shown[row].cells, with: cells)
            shown[row].overwrite(at: column, with: cells)
        }
        return writer.finished()
    }
}

extension BlockFrame.Row {
    /// Puts `cells` in from `column` on, the row made longer with blanks when it is shorter.
    mutating func overwrite(at column: Int, with cells: ArraySlice<TerminalCell>) {
        isOverwritten = true
        let end = column + cells.count
        if line.cells.count < end { line.cells += repeatElement(TerminalCell.blank, count: end - line.cells.count) }
        line.cells.replaceSubrange(column..<end, with: cells)
    }
}
