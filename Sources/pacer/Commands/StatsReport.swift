import HistorySink
import PacerCore

/// The text of `pacer stats`: a bar per week, the streaks, each workout's sessions and completion,
/// and a strength curve per exercise.
struct StatsReport {
    let statistics: Statistics
    let style: HistoryStyle
    let columns: Int

    /// The strength charts' height in rows.
    static let chartRows = 6

    var text: String {
        [weeks, streak, workouts, strength].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private var weeks: String {
        let longest = statistics.weeks.map(\.active.milliseconds).max() ?? 0
        let times = statistics.weeks.map { $0.active.wholeSeconds.spoken }
        let timeWidth = times.map(\.count).max() ?? 0
        let barWidth = max(10, min(50, columns - 38))
        var text = style.bold("Time trained per week") + "\n"
        for (week, time) in zip(statistics.weeks, times) {
            let bar = Self.bar(longest == 0 ? 0 : Double(week.active.milliseconds) / Double(longest) * Double(barWidth))
            let sessions = week.sessions == 0 ? "" : "\(week.sessions) session\(week.sessions == 1 ? "" : "s")"
            text += "  \(week.week)  \(style.bar(bar))\(String(repeating: " ", count: barWidth - bar.count))  "
                + "\(time.leftPadding(timeWidth))  \(sessions)".trimmingTrailingSpaces() + "\n"
        }
        return text
    }

    private var streak: String {
        let streak = statistics.streak
        return style.bold("Streak") + "  \(Self.days(streak.current)) (longest \(Self.days(streak.longest)))\n"
    }

    private var workouts: String {
        guard !statistics.workouts.isEmpty else { return "" }
        let names = statistics.workouts.map(\.name.visible)
        let width = max(7, names.map(\.count).max() ?? 0)
        var text = style.bold("Workouts") + "\n" + style.dim("  \("workout".padding(width))  sessions  completed") + "\n"
        for (workout, name) in zip(statistics.workouts, names) {
            let percent = "\(Int((workout.completionRate * 100).rounded()))%"
            text += "  \(name.padding(width))  \(String(workout.sessions).leftPadding(8))  \(percent.leftPadding(9))\n"
        }
        return text
    }

    private var strength: String {
        guard !statistics.exercises.isEmpty else { return "" }
        var text = style.bold("Strength: estimated one-rep max (Epley), best set per day") + "\n"
        for curve in statistics.exercises {
            text += "\n" + chart(curve)
        }
        return text
    }

    /// A curve's heading and a dot chart of its last points, as many as fit the width.
    private func chart(_ curve: StrengthCurve) -> String {
        guard let best = curve.best, let last = curve.points.last else { return "" }
        let unit = curve.unit.map { " (\($0))" } ?? ""
        var text = "  \(style.bold(curve.name.visible + unit))  best \(Self.number(best.e1rm)) on \(best.day): "
            + "\(Self.weight(best.weight, best.unit)) × \(best.reps), \(curve.points.count) day\(curve.points.count == 1 ? "" : "s")\n"
        let shown = Array(curve.points.suffix(max(10, columns - 14)))
        let low = shown.map(\.e1rm).min() ?? 0, high = shown.map(\.e1rm).max() ?? 0
        let labels = [Self.number(high), Self.number(low)]
        let labelWidth = labels.map(\.count).max() ?? 0
        let rows = Self.chartRows
        let levels = shown.map { point in
            high == low ? rows / 2 : Int(((point.e1rm - low) / (high - low) * Double(rows - 1)).rounded())
        }
        for row in (0..<rows).reversed() {
            let label = row == rows - 1 ? labels[0] : row == 0 ? labels[1] : ""
            let axis = row == rows - 1 || row == 0 ? "┤" : "│"
            let dots = String(levels.map { $0 == row ? "•" : " " })
            text += "  \(label.leftPadding(labelWidth)) \(axis)\(style.bar(dots))".trimmingTrailingSpaces() + "\n"
        }
        let dates = shown.count > 1 ? "\(shown[0].day)\(String(repeating: " ", count: max(1, shown.count - 20)))\(last.day)" : "\(last.day)"
        text += "  \(String(repeating: " ", count: labelWidth))  \(style.dim(dates))\n"
        return text
    }

    /// A bar of `length` cells, drawn in eighths.
    static func bar(_ length: Double) -> String {
        let eighths = Int((length * 8).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    static func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }

    /// One decimal at most: `96.7`, `80`.
    static func number(_ value: Double) -> String { JSONText.number((value * 10).rounded() / 10) }

    static func weight(_ value: Double, _ unit: String?) -> String { number(value) + (unit.map { " \($0)" } ?? "") }
}
