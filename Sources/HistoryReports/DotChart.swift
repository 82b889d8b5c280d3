import PacerFoundation

/// A chart of marks in a few rows: the value axis labelled at its top and bottom, a column per
/// point or per day, and the first and last day written under it.
struct DotChart {
    /// One mark: where it goes and what it is drawn as.
    struct Mark {
        let column: Int
        let value: Double
        let glyph: Character
    }

    /// Drawn in order: a later mark covers an earlier one in the same cell.
    let marks: [Mark]
    /// The columns the chart spans.
    let width: Int
    /// What is written under the first and the last column.
    let first: String
    let last: String
    /// How many rows of values.
    var rows = 6

    /// The chart's lines, indented by two spaces.
    func lines(style: HistoryStyle) -> [TerminalText] {
        let low = marks.map(\.value).min() ?? 0
        let high = marks.map(\.value).max() ?? 0
        let labels = [StatsReport.number(high), StatsReport.number(low)]
        let labelWidth = labels.map(\.count).max() ?? 0
        var cells = Array(repeating: Array(repeating: Character(" "), count: width), count: rows)
        for mark in marks where (0..<width).contains(mark.column) {
            let row = high == low ? rows / 2 : Int(((mark.value - low) / (high - low) * Double(rows - 1)).rounded())
            cells[row][mark.column] = mark.glyph
        }
        var lines: [TerminalText] = []
        for row in (0..<rows).reversed() {
            let label = TerminalText(row == rows - 1 ? labels[0] : row == 0 ? labels[1] : "").leftPadded(to: labelWidth)
            let axis = row == rows - 1 || row == 0 ? "┤" : "│"
            let dots = String(String(cells[row]).reversed().drop { $0 == " " }.reversed())
            lines.append("  \(label) \(axis)" + style.bar(TerminalText(dots)))
        }
        let dates = width > 1 ? "\(first)\(String(repeating: " ", count: max(1, width - 20)))\(last)" : last
        lines.append(TerminalText(String(repeating: " ", count: labelWidth + 4)) + style.dim(TerminalText(dates)))
        return lines
    }
}
