import History
import PacerFoundation
import TerminalRendering

/// The text of `pacer weight`: the curve of every reading with its seven-day average, and the
/// last readings as written, each beside the average of its seven days.
public struct WeightReport {
    let weighIns: [WeighIn]
    /// How many readings the list shows.
    let limit: Int
    let style: HistoryStyle
    let columns: Int

    public init(weighIns: [WeighIn], limit: Int, style: HistoryStyle, columns: Int) {
        self.weighIns = weighIns
        self.limit = limit
        self.style = style
        self.columns = columns
    }

    /// What `pacer weight 82.5 kg` says once the reading is recorded, among `weighIns`:
    /// `recorded 82.5 kg for Mon 30 Nov 2026, seven-day average 82.9 kg`.
    public static func recorded(_ weight: BodyWeight, day: CalendarDay, weighIns: [WeighIn]) -> TerminalText {
        let line = "recorded \(weight) for \(day.spoken)"
        guard weighIns.count > 1, let curve = WeightCurve(weighIns), let point = curve.points.first(where: { $0.day == day }) else {
            return TerminalText(line)
        }
        return TerminalText(line + ", seven-day average \(StatsReport.weight(point.average, curve.unit.rawValue))")
    }

    /// What to print when there is no reading yet.
    public static let empty: TerminalText = "No body weight recorded yet: 'pacer weight 82.5 kg' records one."

    public var lines: [TerminalText] {
        guard let curve = WeightCurve(weighIns) else { return [Self.empty] }
        let chart = WeightChart(curve: curve, width: max(10, columns - 14), style: style)
        var lines = [chart.heading] + chart.lines + [.empty]
        let averages = Dictionary(curve.points.map { ($0.day, $0.average) }, uniquingKeysWith: { $1 })
        var table = TextTable([.left, .right, .right])
        table.append(["day", "weight", "seven-day average"].map { style.dim(TerminalText($0)) })
        for weighIn in weighIns.suffix(limit).reversed() {
            table.append([
                TerminalText(weighIn.day.spoken), TerminalText(weighIn.weight.description),
                TerminalText(averages[weighIn.day].map { StatsReport.weight($0, curve.unit.rawValue) } ?? ""),
            ])
        }
        lines += table.lines(indent: "  ")
        if weighIns.count > limit { lines.append(style.dim("  … and \(weighIns.count - limit) earlier (--limit N shows more)")) }
        return lines
    }
}
