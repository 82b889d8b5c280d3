import PacerFoundation

/// Text for a terminal that writes cells at given places, with the shortest cursor moves and
/// changing the style only where it must and only in what differs. Blanks are erased in place
/// (`ESC [ n X`) when that is shorter than writing them. It is built as bytes: a frame is mostly a
/// few cells and the moves between them.
struct CellWriter {
    /// The terminal's width: past its last column, where the cursor is depends on the terminal.
    let columns: Int
    private var output: [UInt8] = []
    /// The style in force; nil until the writer sets one (the terminal's may be anything).
    private var pen: CellBytes?
    /// What the pen sets, when its parameters are understood; nil when they are not, or the pen is not known.
    private var penAttributes: SGRAttributes?
    /// Whether the pen may leave a mark on a blank (a background, a line): also when it is not known.
    private var penMarksBlanks: Bool { penAttributes?.showsOnBlank != false }
    /// Where the cursor is, while that is certain: not after a wide character or combining marks
    /// (a terminal may measure them otherwise), nor after the last column.
    private var cursor: (row: Int, column: Int)?

    /// The texts of more than 8 bytes the cells written hold.
    private let texts: LongCellTexts

    init(columns: Int, pen: CellBytes?, texts: LongCellTexts) {
        self.columns = columns
        self.pen = pen
        self.texts = texts
        penAttributes = pen.flatMap { SGRAttributes(parameters: texts.string($0)) }
    }

    /// Clears `row` and draws `cells` on it: every cell from the start when `everyCell` (a row a
    /// terminal may lay out otherwise than it is counted here), else only those not blank.
    mutating func redraw(row: Int, with cells: [TerminalCell], everyCell: Bool) {
        move(row: row, column: 0)
        prepareToErase()
        write("\u{1B}[2K")
        if everyCell {
            put(0..<Self.contentEnd(of: cells)) { cells[$0] }
        } else {
            change(row: row, from: [], to: cells)
        }
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
        let contentEnd = Self.contentEnd(of: new)
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
                prepareToErase()
                write("\u{1B}[K")
            } else {
                put(first..<column, of: newCell)
            }
        }
    }

    /// Where the cells of a row end once the blanks that end it are left out.
    private static func contentEnd(of cells: [TerminalCell]) -> Int {
        cells.lastIndex { $0 != .blank }.map { $0 + 1 } ?? 0
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
    /// region, so moving down a row (`ESC D`) never scrolls.
    private mutating func move(row: Int, column: Int) {
        switch plannedMove(row: row, column: column).move {
        case .stay:
            break
        case .relative(let vertical, let horizontal):
            write(vertical)
            write(horizontal)
        case .absolute:
            writeAbsolute(row: row, column: column)
        }
        cursor = (row, column)
    }

    /// How the cursor gets to a place: not at all, by rows and columns from where it is, or to the place itself.
    private enum CursorMove {
        case stay
        case relative(vertical: Move, horizontal: Move)
        case absolute
    }

    /// The shortest way to `row`, `column` from where the cursor is, and its length in bytes;
    /// the moves are weighed by their lengths before any is written.
    private func plannedMove(row: Int, column: Int) -> (move: CursorMove, length: Int) {
        let absolute = 4 + (row + 1).decimalDigitCount + (column + 1).decimalDigitCount
        guard let cursor else { return (.absolute, absolute) }
        guard cursor != (row, column) else { return (.stay, 0) }
        let vertical = Self.verticalMove(row - cursor.row)
        let horizontal = Self.horizontalMove(column - cursor.column, to: column)
        let length = vertical.length + horizontal.length
        return length < absolute ? (.relative(vertical: vertical, horizontal: horizontal), length) : (.absolute, absolute)
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
            if let number { output.appendDecimal(number) }
            output.append(final)
        }
    }

    private mutating func writeAbsolute(row: Int, column: Int) {
        write("\u{1B}[")
        output.appendDecimal(row + 1)
        output.append(UInt8(ascii: ";"))
        output.appendDecimal(column + 1)
        output.append(UInt8(ascii: "H"))
    }

    private mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Writes the cells of `range` (columns of the row the cursor is on), from the cursor. A
    /// run of blanks is erased in place when the pen leaves no mark on a blank and that is
    /// shorter, with the cursor moved past it when more follows; else each blank is a space,
    /// in whatever such pen is in force.
    private mutating func put(_ range: Range<Int>, of cell: (Int) -> TerminalCell) {
        var column = range.lowerBound
        while column < range.upperBound {
            let current = cell(column)
            guard current == .blank, !penMarksBlanks, let place = cursor else {
                column += 1
                put(current)
                continue
            }
            var end = column + 1
            while end < range.upperBound, cell(end) == .blank { end += 1 }
            let count = end - column
            let erase = Move.sequence(number: count == 1 ? nil : count, final: UInt8(ascii: "X"))
            let past = end < range.upperBound ? plannedMove(row: place.row, column: place.column + count).length : 0
            if erase.length + past < count {
                write(erase)
                if end < range.upperBound { move(row: place.row, column: place.column + count) }
            } else {
                for _ in column..<end { put(current) }
            }
            column = end
        }
    }

    /// Writes one cell at the cursor, a blank in the pen in force when that leaves no mark on it.
    private mutating func put(_ cell: TerminalCell) {
        guard cell.width > 0 else { return }
        if cell != .blank || penMarksBlanks { setPen(cell.style) }
        texts.append(cell.text, to: &output)
        if let place = cursor, texts.isNarrowScalar(cell), place.column + 1 < columns {
            cursor = (place.row, place.column + 1)
        } else {
            cursor = nil
        }
    }

    /// Makes sure an erasure leaves blanks: the terminal may fill erased cells with the pen's
    /// background, so a pen that leaves a mark on a blank is put down first.
    private mutating func prepareToErase() {
        if penMarksBlanks { setPen(.none) }
    }

    /// Sets the style: by naming only what differs from the one in force when both are
    /// understood and that is shorter, else from the default.
    private mutating func setPen(_ style: CellBytes) {
        guard pen != style else { return }
        let parameters = texts.string(style)
        let attributes = SGRAttributes(parameters: parameters)
        if let old = penAttributes, let attributes {
            attributes.writeChange(from: old, to: &output)
        } else {
            write("\u{1B}[")
            if penAttributes != .plain, !parameters.isEmpty { write("0;") }
            output.append(contentsOf: parameters.utf8)
            output.append(UInt8(ascii: "m"))
        }
        pen = style
        penAttributes = attributes
    }
}
