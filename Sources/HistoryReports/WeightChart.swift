import History
import PacerFoundation

/// The body weight curve as a chart: a column per day, each day's reading and its seven-day
/// average, for the most recent days that fit the width.
struct WeightChart {
    let curve: WeightCurve
    /// How many days the chart may span.
    let width: Int
    let style: HistoryStyle

    static let reading: Character = "•"
    static let average: Character = "·"

    /// `Body weight (kg): • a day's reading, · the average of its seven days`.
    var heading: TerminalText {
        style.bold("Body weight (\(curve.unit))") + ": \(Self.reading) a day's reading, \(Self.average) the average of its seven days"
    }

    var lines: [TerminalText] {
        guard let last = curve.points.last else { return [] }
        let first = max(curve.points[0].day.number, last.day.number - width + 1)
        let shown = curve.points.filter { $0.day.number >= first }
        let averages = shown.map { DotChart.Mark(column: $0.day.number - first, value: $0.average, glyph: Self.average) }
        let readings = shown.map { DotChart.Mark(column: $0.day.number - first, value: $0.weight, glyph: Self.reading) }
        return DotChart(marks: averages + readings, width: last.day.number - first + 1, first: "\(shown[0].day)", last: "\(last.day)")
            .lines(style: style)
    }

    /// `latest 82.5 kg on 2026-11-30, seven-day average 82.9 kg`.
    var summary: TerminalText {
        guard let last = curve.points.last else { return .empty }
        return "  latest \(StatsReport.weight(last.weight, curve.unit.rawValue)) on \(last.day), "
            + "seven-day average \(StatsReport.weight(last.average, curve.unit.rawValue))"
    }
}
