import HistorySink
import PacerCore

/// The text of `pacer stats`: a bar per week, the streaks, each workout's sessions and completion,
/// a strength curve per exercise, and the best and latest time of each open step.
public struct StatsReport {
    let statistics: Statistics
    let style: HistoryStyle
    let columns: Int

    public init(statistics: Statistics, style: HistoryStyle, columns: Int) {
        self.statistics = statistics
        self.style = style
        self.columns = columns
    }

    /// The strength charts' height in rows.
    static let chartRows = 6

    public var lines: [TerminalText] {
        let sections = [weeks, streak, workouts, strength, open].filter { !$0.isEmpty }
        return sections.enumerated().flatMap { number, section in (number == 0 ? [] : [.empty]) + section }
    }

    private var weeks: [TerminalText] {
        let longest = statistics.weeks.map(\.active.milliseconds).max() ?? 0
        let barWidth = max(10, min(50, columns - 38))
        var table = TextTable([.left, .left, .right, .left])
        for week in statistics.weeks {
            let bar = Self.bar(longest == 0 ? 0 : Double(week.active.milliseconds) / Double(longest) * Double(barWidth))
            let sessions = week.sessions == 0 ? "" : "\(week.sessions) session\(week.sessions == 1 ? "" : "s")"
            table.append(["\(week.week)", style.bar(TerminalText(bar)).padded(to: barWidth),
                          TerminalText(week.active.wholeSeconds.spoken), TerminalText(sessions)])
        }
        return [style.bold("Time trained per week")] + table.lines(indent: "  ")
    }

    private var streak: [TerminalText] {
        let streak = statistics.streak
        return [style.bold("Streak") + "  \(Self.days(streak.current)) (longest \(Self.days(streak.longest)))"]
    }

    private var workouts: [TerminalText] {
        guard !statistics.workouts.isEmpty else { return [] }
        var table = TextTable([.left, .right, .right, .left])
        table.append(["workout", "sessions", "completed", ""].map { style.dim(TerminalText($0)) })
        for workout in statistics.workouts {
            let rate = workout.completionRate.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
            table.append([TerminalText(workout.name), "\(workout.sessions)", TerminalText(rate),
                          workout.running == 0 ? "" : style.outcome(TerminalText("\(workout.running) running"))])
        }
        return [style.bold("Workouts")] + table.lines(indent: "  ")
    }

    private var strength: [TerminalText] {
        guard !statistics.exercises.isEmpty else { return [] }
        var lines = [style.bold("Strength: estimated one-rep max (Epley), best set per day")]
        for curve in statistics.exercises {
            lines.append(.empty)
            lines += chart(curve)
        }
        return lines
    }

    private var open: [TerminalText] {
        guard !statistics.open.isEmpty else { return [] }
        var table = TextTable([.left, .left, .right, .right, .right])
        table.append(["exercise", "distance", "best", "latest", "times"].map { style.dim(TerminalText($0)) })
        for times in statistics.open {
            table.append([TerminalText(times.exercise), TerminalText(times.distance ?? "-"), TerminalText(Self.stopwatch(times.best)),
                          TerminalText(Self.stopwatch(times.latest)), "\(times.count)"])
        }
        return [style.bold("Open steps: best and latest time")] + table.lines(indent: "  ")
    }

    /// A time taken as a stopwatch shows it, to the tenth: `1:27.4`, `1:02:03.0`.
    static func stopwatch(_ duration: WorkoutDuration) -> String {
        let tenths = (duration.milliseconds + 50) / 100
        let seconds = tenths / 10, minutes = seconds / 60, hours = minutes / 60
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = hours > 0 ? "\(hours):\(two(minutes % 60)):\(two(seconds % 60))" : "\(minutes):\(two(seconds % 60))"
        return clock + ".\(tenths % 10)"
    }

    /// A curve's heading and a dot chart of its last points, as many as fit the width.
    private func chart(_ curve: StrengthCurve) -> [TerminalText] {
        guard let best = curve.best, let last = curve.points.last else { return [] }
        let unit = curve.unit.map { " (\($0))" } ?? ""
        let days = "\(curve.points.count) day\(curve.points.count == 1 ? "" : "s")"
        var lines: [TerminalText] = ["  \(style.bold(TerminalText(curve.name + unit)))  best \(Self.number(best.e1rm)) on \(best.day): "
            + "\(Self.weight(best.weight, best.unit)) × \(best.reps), \(days)"]
        let shown = Array(curve.points.suffix(max(10, columns - 14)))
        let low = shown.map(\.e1rm).min() ?? 0, high = shown.map(\.e1rm).max() ?? 0
        let labels = [Self.number(high), Self.number(low)]
        let labelWidth = labels.map(\.count).max() ?? 0
        let rows = Self.chartRows
        let levels = shown.map { point in
            high == low ? rows / 2 : Int(((point.e1rm - low) / (high - low) * Double(rows - 1)).rounded())
        }
        for row in (0..<rows).reversed() {
            let label = TerminalText(row == rows - 1 ? labels[0] : row == 0 ? labels[1] : "").leftPadded(to: labelWidth)
            let axis = row == rows - 1 || row == 0 ? "┤" : "│"
            let dots = String(String(levels.map { $0 == row ? "•" : " " }).reversed().drop { $0 == " " }.reversed())
            lines.append("  \(label) \(axis)" + style.bar(TerminalText(dots)))
        }
        let dates = shown.count > 1 ? "\(shown[0].day)\(String(repeating: " ", count: max(1, shown.count - 20)))\(last.day)" : "\(last.day)"
        lines.append(TerminalText(String(repeating: " ", count: labelWidth + 4)) + style.dim(TerminalText(dates)))
        return lines
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
