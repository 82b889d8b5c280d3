import Synchronization

/// Block-character digits, colon and dash in one size, readable from across the room.
///
/// Every size is drawn from one design: the seven segments of a digital clock, with a flagged 1
/// and a slanted 7. The bigger sizes keep the proportions of the web page's bold digits: on
/// terminal cells about twice as tall as wide, a digit is about 0.6 as wide as it is tall, its
/// strokes about a seventh of its height, the colon about half a digit wide with its dots at 3/10
/// and 7/10 of the height. The smallest, 5 rows, is the font the display has always had.
struct BigDigits: Equatable {
    /// Rows of every glyph.
    let height: Int
    /// Columns of every digit: all ten are as wide, so a counting clock never shifts.
    let digitWidth: Int
    /// Columns of a vertical stroke (and of a colon's dot).
    let stem: Int
    /// Rows of a horizontal stroke (and of a colon's dot).
    let bar: Int
    /// Columns between two glyphs.
    let gap: Int
    /// Columns of the colon.
    let colonWidth: Int

    /// Every size, smallest first.
    static let sizes = [
        BigDigits(height: 5, digitWidth: 5, stem: 1, bar: 1, gap: 1, colonWidth: 3),
        BigDigits(height: 7, digitWidth: 8, stem: 2, bar: 1, gap: 2, colonWidth: 4),
        BigDigits(height: 11, digitWidth: 14, stem: 4, bar: 2, gap: 2, colonWidth: 7),
        BigDigits(height: 15, digitWidth: 18, stem: 4, bar: 2, gap: 3, colonWidth: 8),
        BigDigits(height: 21, digitWidth: 25, stem: 6, bar: 3, gap: 3, colonWidth: 11),
        BigDigits(height: 29, digitWidth: 35, stem: 8, bar: 4, gap: 4, colonWidth: 15),
        BigDigits(height: 39, digitWidth: 47, stem: 10, bar: 5, gap: 5, colonWidth: 20),
    ]

    /// The rows of `text` in this size, or nil if it has a character the font lacks.
    func render(_ text: String) -> [String]? {
        let font = drawnFont
        var glyphs: [[String]] = []
        for byte in text.utf8 {
            guard let index = Self.glyphIndex(byte) else { return nil }
            glyphs.append(font[index])
        }
        let capacity = 3 * width(of: text)
        return (0..<height).map { row in
            var line: [UInt8] = []
            line.reserveCapacity(capacity)
            for (index, glyph) in glyphs.enumerated() {
                if index > 0 { line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: gap)) }
                line.append(contentsOf: glyph[row].utf8)
            }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// The width in cells `render(text)` takes, 0 if it has a character the font lacks.
    func width(of text: String) -> Int {
        var total = 0
        var count = 0
        for byte in text.utf8 {
            guard let width = width(ofGlyph: byte) else { return 0 }
            total += width
            count += 1
        }
        return total + gap * max(0, count - 1)
    }

    /// The columns the glyph of one byte of a clock's text takes; nil if the font lacks it.
    func width(ofGlyph byte: UInt8) -> Int? {
        Self.glyphIndex(byte).map { $0 == Self.colonIndex || $0 == Self.dashIndex ? colonWidth : digitWidth }
    }

    /// The rows of one glyph.
    func glyph(_ character: Character) -> [String]? {
        character.asciiValue.flatMap(glyph(byte:))
    }

    /// The rows of the glyph of one byte of a clock's text; nil if the font lacks it.
    func glyph(byte: UInt8) -> [String]? {
        Self.glyphIndex(byte).map { drawnFont[$0] }
    }

    /// The rows of every glyph of this size, by `glyphIndex`: drawn the first time the size is
    /// used, then kept (a size not in `sizes` is drawn anew).
    private var drawnFont: [[String]] {
        guard let size = Self.sizes.firstIndex(of: self) else { return drawFont() }
        if let font = Self.drawnFonts.withLock({ $0[size] }) { return font }
        let font = drawFont()
        Self.drawnFonts.withLock { $0[size] = font }
        return font
    }

    private func drawFont() -> [[String]] {
        Array("0123456789:-").map { drawGlyph($0) ?? [] }
    }

    /// The font's characters: the digits 0 to 9, the colon, then the dash (a range's, or a
    /// reading that is missing), as narrow as the colon.
    private static func glyphIndex(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: ":"): colonIndex
        case UInt8(ascii: "-"): dashIndex
        default: nil
        }
    }

    private static let colonIndex = 10
    private static let dashIndex = 11

    /// The fonts drawn so far, by their place in `sizes`.
    private static let drawnFonts = Mutex<[[[String]]?]>(Array(repeating: nil, count: sizes.count))

    private func drawGlyph(_ character: Character) -> [String]? {
        var cells = Cells(width: character == ":" || character == "-" ? colonWidth : digitWidth, height: height)
        switch character {
        case "-":
            cells.fill(rows: middleTop..<middleTop + bar, columns: 0..<colonWidth)
        case ":":
            let left = (colonWidth - stem) / 2
            let upper = Int((0.3 * Double(height) - Double(bar) / 2).rounded())
            for top in [upper, height - bar - upper] {
                cells.fill(rows: top..<top + bar, columns: left..<left + stem)
            }
        case "1":
            drawOne(into: &cells)
        case "7":
            drawSeven(into: &cells)
        default:
            guard let segments = Self.segments[character] else { return nil }
            for segment in segments { draw(segment, into: &cells) }
        }
        return cells.rows
    }

    private enum Segment {
        case top, upperLeft, upperRight, middle, shortMiddle, lowerLeft, lowerRight, bottom
    }

    private static let segments: [Character: [Segment]] = [
        "0": [.top, .upperLeft, .upperRight, .lowerLeft, .lowerRight, .bottom],
        "2": [.top, .upperRight, .middle, .lowerLeft, .bottom],
        "3": [.top, .upperRight, .shortMiddle, .lowerRight, .bottom],
        "4": [.upperLeft, .upperRight, .middle, .lowerRight],
        "5": [.top, .upperLeft, .middle, .lowerRight, .bottom],
        "6": [.top, .upperLeft, .middle, .lowerLeft, .lowerRight, .bottom],
        "8": [.top, .upperLeft, .upperRight, .middle, .lowerLeft, .lowerRight, .bottom],
        "9": [.top, .upperLeft, .upperRight, .middle, .lowerRight, .bottom],
    ]

    /// The first row of the middle stroke: the upper counter is the smaller when they cannot be equal.
    private var middleTop: Int { bar + (height - 3 * bar) / 2 }

    private func draw(_ segment: Segment, into cells: inout Cells) {
        let all = 0..<digitWidth
        let left = 0..<stem
        let right = digitWidth - stem..<digitWidth
        let upper = 0..<middleTop + bar
        let lower = middleTop..<height
        switch segment {
        case .top: cells.fill(rows: 0..<bar, columns: all)
        case .middle: cells.fill(rows: middleTop..<middleTop + bar, columns: all)
        case .shortMiddle: cells.fill(rows: middleTop..<middleTop + bar, columns: digitWidth / 4..<digitWidth)
        case .bottom: cells.fill(rows: height - bar..<height, columns: all)
        case .upperLeft: cells.fill(rows: upper, columns: left)
        case .upperRight: cells.fill(rows: upper, columns: right)
        case .lowerLeft: cells.fill(rows: lower, columns: left)
        case .lowerRight: cells.fill(rows: lower, columns: right)
        }
    }

    /// A stem right of the middle, a foot under it, and a flag stepping down to the left from its top.
    private func drawOne(into cells: inout Cells) {
        let stemLeft = digitWidth - 2 * stem
        cells.fill(rows: 0..<height, columns: stemLeft..<stemLeft + stem)
        cells.fill(rows: height - bar..<height, columns: digitWidth - 3 * stem..<digitWidth)
        let flagRows = max(1, height / 5)
        let step = max(1, (stemLeft - digitWidth / 4) / (flagRows + 1))
        for row in 1...flagRows {
            cells.fill(rows: row..<row + 1, columns: stemLeft - row * step..<stemLeft)
        }
    }

    /// A top stroke, then a stroke slanting from the right edge to the middle over 6/10 of the
    /// height left, and straight down from there.
    private func drawSeven(into cells: inout Cells) {
        cells.fill(rows: 0..<bar, columns: 0..<digitWidth)
        let start = Double(digitWidth - stem)
        let end = Double(digitWidth / 2 - stem / 2)
        let slantRows = max(1, (0.6 * Double(height - bar)).rounded())
        for row in bar..<height {
            let along = Double(row - bar) / slantRows
            let left = max(Int(end), Int((start - along * (start - end)).rounded()))
            cells.fill(rows: row..<row + 1, columns: left..<left + stem)
        }
    }

    /// A glyph being drawn: a grid of cells, each full or empty, kept row after row in one array
    /// (a font of the biggest size is some 19,000 cells, drawn when a session starts).
    private struct Cells {
        private let width: Int
        private let height: Int
        private var full: [Bool]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            full = Array(repeating: false, count: width * height)
        }

        mutating func fill(rows: Range<Int>, columns: Range<Int>) {
            let columns = columns.clamped(to: 0..<width)
            guard !columns.isEmpty else { return }
            full.withUnsafeMutableBufferPointer { cells in
                for row in rows.clamped(to: 0..<height) {
                    cells[row * width + columns.lowerBound..<row * width + columns.upperBound].update(repeating: true)
                }
            }
        }

        var rows: [String] {
            (0..<height).map { row in
                let cells = full[row * width..<(row + 1) * width]
                return String(unsafeUninitializedCapacity: 3 * width) { bytes in
                    var end = 0
                    for isFull in cells {
                        if isFull {
                            // "█", U+2588, in UTF-8.
                            bytes[end] = 0xE2
                            bytes[end + 1] = 0x96
                            bytes[end + 2] = 0x88
                            end += 3
                        } else {
                            bytes[end] = UInt8(ascii: " ")
                            end += 1
                        }
                    }
                    return end
                }
            }
        }
    }
}
