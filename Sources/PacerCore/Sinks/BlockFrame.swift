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
                writer.redraw(row: row, with: row < drawn.count ? drawn[row].cells : [])
            }
        } else {
            for row in 0..<max(lines.count, shown.count) where row >= unchanged.count || !unchanged[row] {
                let new = row < drawn.count ? drawn[row] : nil
                if (row < shown.count && shown[row].isUncertain) || new?.isUncertain == true {
                    writer.redraw(row: row, with: new?.cells ?? [])
                } else {
                    writer.change(row: row, from: row < shown.count ? shown[row].cells : [], to: new?.cells ?? [],
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
            guard span.column >= under.count || under[span.column].width != 0, end >= under.count || under[end].width != 0 else { return nil }
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

/// Text for a terminal that writes cells at given places, with the shortest cursor moves and
/// changing the style only where it must. It is built as bytes: a frame is mostly a few cells and
/// the moves between them.
private struct CellWriter {
    /// The terminal's width: past its last column, where the cursor is depends on the terminal.
    let columns: Int
    private var output: [UInt8] = []
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
        write("\u{1B}[2K")
        put(0..<(cells.lastIndex { $0 != .blank }.map { $0 + 1 } ?? 0)) { cells[$0] }
    }

    /// Writes the cells of `new` that differ from those of `old` (a row shown) from `column` on.
    mutating func overwrite(row: Int, at column: Int, over old: [TerminalCell], with new: ArraySlice<TerminalCell>) {
        func differs(_ offset: Int) -> Bool {
            new[new.startIndex + offset] != (column + offset < old.count ? old[column + offset] : .blank)
        }
        var offset = 0
        while offset < new.count {
            guard differs(offset) else {
                offset += 1
                continue
            }
            let first = offset
            while offset < new.count, differs(offset) { offset += 1 }
            move(row: row, column: column + first)
            put(column + first..<column + offset) { new[new.startIndex + $0 - column] }
        }
    }

    /// Writes the cells of `row` that differ between `old` and `new`; blanks that end the row are
    /// cleared. Wide characters need no care of their own: the right half of one has its style,
    /// so it differs only where its left half does (which is written, and covers it), and a cell
    /// that overwrites half of an old one differs from the old one's other half too.
    /// Only the cells `within` may differ (all by default); the others are not compared.
    mutating func change(row: Int, from old: [TerminalCell], to new: [TerminalCell], within: Range<Int>? = nil) {
        let rowEnd = max(old.count, new.count)
        let count = min(rowEnd, within?.upperBound ?? rowEnd)
        let newCell = { $0 < new.count ? new[$0] : TerminalCell.blank }
        let contentEnd = new.lastIndex { $0 != .blank }.map { $0 + 1 } ?? 0
        var column = min(within?.lowerBound ?? 0, count)
        while column < count {
            guard differs(old, new, at: column) else {
                column += 1
                continue
            }
            let first = column
            while column < count, differs(old, new, at: column) { column += 1 }
            move(row: row, column: first)
            if column == rowEnd, contentEnd < column {
                put(first..<max(first, contentEnd), of: newCell)
                setPen(.none)
                write("\u{1B}[K")
            } else {
                put(first..<column, of: newCell)
            }
        }
    }

    /// Whether the cell at `column` differs between the two rows (a row is blank past its end).
    private func differs(_ old: [TerminalCell], _ new: [TerminalCell], at column: Int) -> Bool {
        (column < old.count ? old[column] : .blank) != (column < new.count ? new[column] : .blank)
    }

    /// The bytes written, leaving the terminal in its default style.
    mutating func finished() -> [UInt8] {
        if let pen, pen != .none { setPen(.none) }
        return output
    }

    /// Moves the cursor to `row`, `column` (from 0): to the place itself, or by the rows and
    /// columns from where it is, whichever is shorter. The block's rows are above the scrolling
    /// region, so moving down a row (`ESC D`) never scrolls. The moves are weighed by their
    /// lengths before any is written.
    private mutating func move(row: Int, column: Int) {
        defer { cursor = (row, column) }
        let absolute = 4 + (row + 1).decimalDigitCount + (column + 1).decimalDigitCount
        guard let cursor else {
            writeAbsolute(row: row, column: column)
            return
        }
        guard cursor != (row, column) else { return }
        let vertical = Self.verticalMove(row - cursor.row)
        let horizontal = Self.horizontalMove(column - cursor.column, to: column)
        guard vertical.length + horizontal.length < absolute else {
            writeAbsolute(row: row, column: column)
            return
        }
        write(vertical)
        write(horizontal)
    }

    /// One way of moving the cursor along one axis: `count` times `ESC D` or a backspace, or one
    /// sequence `ESC [ number final` (the number left out when it is nil).
    private enum Move {
        case none
        case repeated(StaticString, count: Int)
        case sequence(number: Int?, final: UInt8)

        var length: Int {
            switch self {
            case .none: 0
            case .repeated(let text, let count): text.utf8CodeUnitCount * count
            case .sequence(let number, _): 3 + (number?.decimalDigitCount ?? 0)
            }
        }
    }

    /// Up or down `down` rows: `ESC [ n A`/`B`, or `ESC D` repeated when that is shorter.
    private static func verticalMove(_ down: Int) -> Move {
        guard down != 0 else { return .none }
        let sequence = Move.sequence(number: abs(down) == 1 ? nil : abs(down), final: UInt8(ascii: down > 0 ? "B" : "A"))
        return down > 0 && 2 * down < sequence.length ? .repeated("\u{1B}D", count: down) : sequence
    }

    /// Left or right `across` columns to `column`: `ESC [ n C`/`D`, backspaces when shorter (a
    /// backspace is one byte), or `ESC [ column G` when that is shorter still.
    private static func horizontalMove(_ across: Int, to column: Int) -> Move {
        guard across != 0 else { return .none }
        var move = Move.sequence(number: abs(across) == 1 ? nil : abs(across), final: UInt8(ascii: across > 0 ? "C" : "D"))
        if across < 0, -across < move.length { move = .repeated("\u{08}", count: -across) }
        if (column + 1).decimalDigitCount + 3 < move.length { move = .sequence(number: column + 1, final: UInt8(ascii: "G")) }
        return move
    }

    private mutating func write(_ move: Move) {
        switch move {
        case .none:
            break
        case .repeated(let text, let count):
            for _ in 0..<count { write(text) }
        case .sequence(let number, let final):
            write("\u{1B}[")
            if let number { writeNumber(number) }
            output.append(final)
        }
    }

    private mutating func writeAbsolute(row: Int, column: Int) {
        write("\u{1B}[")
        writeNumber(row + 1)
        output.append(UInt8(ascii: ";"))
        writeNumber(column + 1)
        output.append(UInt8(ascii: "H"))
    }

    private mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Writes `number` (at least 0) in decimal digits.
    private mutating func writeNumber(_ number: Int) {
        let number = max(0, number)
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: number.decimalDigitCount))
        output.withUnsafeMutableBufferPointer { _ = number.writeDecimalDigits(into: $0, at: start) }
    }

    private mutating func put(_ range: Range<Int>, of cell: (Int) -> TerminalCell) {
        for column in range {
            let cell = cell(column)
            guard cell.width > 0 else { continue }
            setPen(cell.style)
            texts.append(cell.text, to: &output)
            if let place = cursor, texts.isNarrowScalar(cell), place.column + 1 < columns {
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
            output.append(contentsOf: ("\u{1B}[" + parameters.dropFirst(old.isEmpty ? 0 : old.count + 1) + "m").utf8)
        } else {
            output.append(contentsOf: (parameters.isEmpty ? "\u{1B}[m" : "\u{1B}[0;\(parameters)m").utf8)
        }
        pen = style
    }
}
