/// Rows of cells aligned in columns by their width on the terminal; the last column is not padded.
public struct TextTable: Sendable {
    /// How a column's cells line up.
    public enum Alignment: Sendable {
        case left, right
    }

    public let alignments: [Alignment]
    public private(set) var rows: [[TerminalText]] = []

    public init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    public mutating func append(_ row: [TerminalText]) {
        rows.append(row)
    }

    /// The rows as lines, cells separated by `separator` and each line started with `indent`.
    public func lines(indent: TerminalText = .empty, separator: TerminalText = "  ") -> [TerminalText] {
        let cellWidths = rows.map { $0.map(\.width) }
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in cellWidths {
            for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) }
        }
        return zip(rows, cellWidths).map { row, rowWidths in
            // Empty cells at the end of a row add nothing, not even spaces.
            let used = (rowWidths.lastIndex { $0 > 0 } ?? -1) + 1
            var line = indent
            for column in 0..<used {
                if column > 0 { line += separator }
                let gap = widths[column] - rowWidths[column]
                switch alignment(column) {
                case .left:
                    line += row[column]
                    if column < used - 1 { line += .spaces(gap) }
                case .right:
                    line += .spaces(gap)
                    line += row[column]
                }
            }
            return line
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
