import PacerCore

/// Rows of cells aligned in columns by their width on the terminal; the last column is not padded.
struct TextTable {
    enum Alignment {
        case left, right
    }

    let alignments: [Alignment]
    private(set) var rows: [[TerminalText]] = []

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    mutating func append(_ row: [TerminalText]) {
        rows.append(row)
    }

    /// The rows as lines, cells separated by `separator` and each line started with `indent`.
    func lines(indent: TerminalText = .empty, separator: TerminalText = "  ") -> [TerminalText] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].width : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell -> TerminalText in
                if column == row.count - 1, alignment(column) == .left { return cell }
                return alignment(column) == .left ? cell.padded(to: widths[column]) : cell.leftPadded(to: widths[column])
            }
            return indent + .joined(cells, separator: separator)
        }
    }

    /// The rows as plain text, a line each, each line ending in a line break (for help text).
    func plainText(indent: TerminalText = .empty) -> String {
        lines(indent: indent).map { $0.plain + "\n" }.joined()
    }

    private func alignment(_ column: Int) -> Alignment {
        column < alignments.count ? alignments[column] : .left
    }
}
