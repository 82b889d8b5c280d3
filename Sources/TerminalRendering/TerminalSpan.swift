import PacerFoundation

/// A piece of the live block written in place: `piece` from `column` of `row` (from 0), over what
/// those cells show. A second's tick is a few of them: a digit's rows, a bar's end, a time.
public struct TerminalSpan: Sendable {
    public let row: Int
    public let column: Int
    public let piece: TerminalPiece

    public init(row: Int, column: Int, piece: TerminalPiece) {
        self.row = row
        self.column = column
        self.piece = piece
    }

    public init(row: Int, column: Int, text: TerminalText) {
        self.init(row: row, column: column, piece: TerminalPiece(text))
    }
}

/// A text read into terminal cells once, to be written as a span again and again (the rows of a
/// clock's digit, each second).
public struct TerminalPiece: Sendable {
    let text: TerminalText
    /// The cells, when every character is one scalar one cell wide and no style is longer than
    /// a cell holds by itself; else nil, and the text is read where it is written.
    let cells: [TerminalCell]?

    public init(_ text: TerminalText) {
        self.text = text
        var texts = LongCellTexts()
        let cells = text.lineCells(limit: text.rendered.utf8.count, texts: &texts).cells
        self.cells = texts.isEmpty && cells.allSatisfy(texts.isNarrowScalar) ? cells : nil
    }

    /// `plain` painted in the SGR `parameters` (none when empty), read into the same cells as
    /// `TerminalPiece(.styled(TerminalText(plain), parameters))`, but straight from its scalars when
    /// each is one cell wide and the style fits a cell: a clock's glyph rows, read once each.
    public init(plain: String, styled parameters: String) {
        // "0" resets, as reading the styled text does (`StyleState`): the cells have no style.
        let style = TerminalText.isStyle(parameters) && parameters != "0" ? CellBytes(packing: parameters) : CellBytes.none
        guard let style, let cells = Self.singleCells(of: plain, style: CellStyle(bytes: style, parameters: parameters)) else {
            self.init(.styled(TerminalText(plain), parameters))
            return
        }
        self.init(text: .empty, cells: cells)
    }

    /// A cell in `style` for each character of `plain`, or nil when one is not one scalar one cell wide.
    private static func singleCells(of plain: String, style: CellStyle) -> [TerminalCell]? {
        plain.utf8.withContiguousStorageIfAvailable { bytes -> [TerminalCell]? in
            var cells: [TerminalCell] = []
            cells.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                guard let (text, length) = CellBytes.singleCell(in: bytes, at: index) else { return nil }
                cells.append(TerminalCell(text: text, style: style.bytes(for: text), width: 1))
                index += length
            }
            return cells
        } ?? nil
    }

    private init(text: TerminalText, cells: [TerminalCell]?) {
        self.text = text
        self.cells = cells
    }

    /// The piece `count` times over (a run of a bar's cells from one of them).
    public func repeated(_ count: Int) -> TerminalPiece {
        guard let cells else { return TerminalPiece(Array(repeating: text, count: max(0, count)).reduce(.empty, +)) }
        let copies = Array(repeatElement(cells, count: max(0, count)).joined())
        return TerminalPiece(text: .empty, cells: copies)
    }
}
