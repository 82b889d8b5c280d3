import PacerFoundation

/// Rows of cells aligned in columns by their width on the terminal; the last column is not padded.
public struct TextTable: Sendable {
    /// How a column's cells line up.
    public enum Alignment: Sendable {
        case left, right
    }

    public let alignments: [Alignment]
    public private(set) var rows: [[TerminalText]] = []
    /// The width of every cell, measured once as its row is appended: the rows' one after another.
    private var cellWidths: [Int] = []
    /// The width of each column's widest cell.
    private var columnWidths: [Int] = []

    public init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    public mutating func append(_ row: [TerminalText]) {
        rows.append(row)
        for (column, cell) in row.enumerated() {
            let width = cell.width
            cellWidths.append(width)
            if column < columnWidths.count {
                columnWidths[column] = max(columnWidths[column], width)
            } else {
                columnWidths.append(width)
            }
        }
    }

    /// The rows as lines, cells separated by `separator` and each line started with `indent`.
    public func lines(indent: TerminalText = .empty, separator: TerminalText = "  ") -> [TerminalText] {
        var lines: [TerminalText] = []
        lines.reserveCapacity(rows.count)
        forEachLine(indent: indent, separator: separator) { lines.append($0) }
        return lines
    }

    /// Calls `body` with each of `lines`, in order, without holding them all: the line is built
    /// in one piece of storage, used again for the next unless `body` keeps it.
    public func forEachLine(indent: TerminalText = .empty, separator: TerminalText = "  ", _ body: (TerminalText) -> Void) {
        var line = TerminalText.empty
        var first = 0
        for row in rows {
            let rowWidths = cellWidths[first..<(first + row.count)]
            first += row.count
            // Empty cells at the end of a row add nothing, not even spaces.
            let used = (rowWidths.lastIndex { $0 > 0 }.map { $0 - rowWidths.startIndex } ?? -1) + 1
            line.removeAll()
            // Room for the cells, the separators and the gaps (each narrower than its column).
            line.reserveCapacity(
                indent.rendered.utf8.count + row.prefix(used).reduce(0) { $0 + $1.rendered.utf8.count }
                    + max(0, used - 1) * separator.rendered.utf8.count + columnWidths.prefix(used).reduce(0, +))
            line += indent
            for column in 0..<used {
                if column > 0 { line += separator }
                let gap = columnWidths[column] - rowWidths[rowWidths.startIndex + column]
                switch alignment(column) {
                case .left:
                    line += row[column]
                    if column < used - 1 { line.appendSpaces(gap) }
                case .right:
                    line.appendSpaces(gap)
                    line += row[column]
                }
            }
            body(line)
        }
    }

    /// The rows as plain text, a line each, each line ending in a line break (for help text).
    public func plainText(indent: TerminalText = .empty) -> String {
        lines(indent: indent).map { $0.plain + "\n" }.joined()
    }

    private func alignment(_ column: Int) -> Alignment {
        column < alignments.count ? alignments[column] : .left
    }
}
