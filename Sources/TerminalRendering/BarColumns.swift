import PacerFoundation

/// The body of a bar chart in block characters: each column a bar rising from the bottom in
/// eighths of a row (▁▂▃▄▅▆▇█) or a mark in the bottom row, each in its own style; rows top first.
public enum BarColumns {
    /// One column of the chart.
    public enum Column: Sendable, Equatable {
        /// A bar `rows` rows high (eighths shown, at least one for a bar above 0), in `style`
        /// (SGR parameters; empty for none).
        case bar(rows: Double, style: String)
        /// `glyph` in the bottom row, in `style`.
        case mark(Character, style: String)
    }

    private static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart's `height` rows, top first, a cell for each column up to the row's last glyph;
    /// a run of columns in one style is styled once, blanks never.
    public static func rows(_ columns: [Column], height: Int) -> [TerminalText] {
        let filled = columns.map { column -> Int in
            guard case .bar(let rows, _) = column, rows.isFinite, rows > 0 else { return 0 }
            return min(height * 8, max(1, Int((rows * 8).rounded())))
        }
        return (0..<max(0, height)).map { index in
            let row = height - 1 - index
            let cells = zip(columns, filled).map { column, eighths -> (glyph: Character, style: String) in
                switch column {
                case .bar(_, let style): (Self.eighths[min(8, max(0, eighths - row * 8))], style)
                case .mark(let glyph, let style): row == 0 ? (glyph, style) : (" ", "")
                }
            }
            var line = TerminalText.empty
            var run = (text: "", style: "")
            for cell in cells[..<(cells.lastIndex { $0.glyph != " " }.map { $0 + 1 } ?? 0)] {
                let style = cell.glyph == " " ? "" : cell.style
                if style != run.style {
                    append(run, to: &line)
                    run = ("", style)
                }
                run.text.append(cell.glyph)
            }
            append(run, to: &line)
            return line
        }
    }

    private static func append(_ run: (text: String, style: String), to line: inout TerminalText) {
        guard !run.text.isEmpty else { return }
        if run.style.isEmpty { line += TerminalText(run.text) } else { line.append(TerminalText(run.text), styled: run.style) }
    }
}
