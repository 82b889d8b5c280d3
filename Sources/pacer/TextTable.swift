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
            // Empty cells at the end of a row add nothing, not even spaces.
            let used = row.prefix((row.lastIndex { !$0.isEmpty } ?? -1) + 1)
            let cells = used.enumerated().map { column, cell -> TerminalText in
                if column == used.count - 1, alignment(column) == .left { return cell }
                return alignment(column) == .left ? cell.padded(to: widths[column]) : cell.leftPadded(to: widths[column])
            }
            return indent + .joined(cells, separator: separator)
        }
    }

    private func alignment(_ column: Int) -> Alignment {
        column < alignments.count ? alignments[column] : .left
    }
}
