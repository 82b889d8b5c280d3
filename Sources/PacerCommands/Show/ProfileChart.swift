import PacerFoundation
import PacerWorkout
import TerminalDisplay
import TerminalRendering

/// The workout's power profile under `pacer show`'s timeline: a column per slice of time, its
/// height the planned power, coloured by zone; free rides, steps without a power target and
/// untimed steps marked apart; a time axis and a legend for the marks shown.
struct ProfileChart {
    let profile: PowerProfile
    let colored: Bool
    /// The terminal's width, which the chart fits.
    let columns: Int

    /// The rows the bars rise through.
    static let height = 8
    static let freeRide = ProfileColumns.freeRide
    static let noTarget = ProfileColumns.noTarget
    static let untimed: Character = "◆"
    private static let indent = "  "
    /// The fewest columns a chart has, however narrow the terminal.
    private static let fewestColumns = 10

    var lines: [TerminalText] {
        let percent = profile.scale == .percentOfFTP
        let slices = profile.slices(count: chartWidth)
        let top = ProfileColumns.top(of: slices, scale: profile.scale)
        let drawn = slices.map {
            ProfileColumns.column(for: $0, scale: profile.scale, top: top, height: Self.height, colored: colored, markStyle: dim)
        }
        let bars = BarColumns.rows(drawn, height: Self.height)
        let labels = [0: label(top), Self.height / 2: label(top / 2)]
        var lines: [TerminalText] = [TerminalText(Self.indent + "Power profile (" + (percent ? "% FTP" : "watts") + "):")]
        for (row, bar) in bars.enumerated() {
            let label = labels[row] ?? ""
            lines.append(
                TerminalText(
                    Self.indent + String(repeating: " ", count: labelWidth - 1 - label.count) + label + (labels[row] == nil ? " │" : " ┤"))
                    + bar)
        }
        let axis = ProfileAxis(seconds: profile.length.seconds, width: chartWidth)
        let marks = profile.untimed.map { (column: axis.column(at: $0.seconds), glyph: Self.untimed, style: dim) }
        let lead = TerminalText(Self.indent + String(repeating: " ", count: labelWidth))
        lines += axis.lines(marks: marks).map { lead + $0 }
        if let legend = legend(drawn) { lines.append(TerminalText(Self.indent) + legend) }
        return lines
    }

    /// The marks' style: dim, when coloured.
    private var dim: String { colored ? "2" : "" }

    /// Room for the top label and a space, at least `500% ` or `3000 W `: the top is found from
    /// the highest target anywhere, which no slice's average exceeds (a 3000 W step at an FTP of
    /// 250 is `1200%`).
    private var labelWidth: Int {
        let highest = profile.segments.reduce(0.0) { highest, segment in
            if case .target(let start, let end) = segment.power { max(highest, start, end) } else { highest }
        }
        return max(profile.scale == .percentOfFTP ? 5 : 7, label(ProfileColumns.top(peak: highest, scale: profile.scale)).count + 1)
    }

    /// The chart's columns: the terminal's width less the indent, the labels, the axis and a last
    /// column left empty (a terminal may wrap a line that fills it).
    private var chartWidth: Int {
        max(Self.fewestColumns, columns - Self.indent.count - labelWidth - 2)
    }

    private func label(_ value: Double) -> String {
        let whole = String(Int(value.rounded()))
        return profile.scale == .percentOfFTP ? whole + "%" : whole + " W"
    }

    /// What the marks shown mean, or nil when none is shown.
    private func legend(_ drawn: [BarColumns.Column]) -> TerminalText? {
        func shows(_ glyph: Character) -> Bool {
            drawn.contains { if case .mark(glyph, _) = $0 { true } else { false } }
        }
        var parts: [String] = []
        if shows(Self.freeRide) { parts.append("\(Self.freeRide) free ride") }
        if shows(Self.noTarget) { parts.append("\(Self.noTarget) no power target") }
        if !profile.untimed.isEmpty { parts.append("\(Self.untimed) rep or open step (untimed)") }
        return parts.isEmpty ? nil : TerminalText(parts.joined(separator: "   "))
    }
}
