import History
import PacerFoundation
import PacerWeekPlan
import PacerWorkout
import TerminalRendering

/// The text of `pacer stats`: a bar per week (with its TSS and the plan's count), the streaks, the
/// plan's runs of weeks kept, fitness, fatigue and form, each workout's sessions and completion, a
/// strength curve per exercise, the body weight curve, and the best and latest time of each open step.
public struct StatsReport {
    let statistics: Statistics
    let style: HistoryStyle
    let columns: Int

    public init(statistics: Statistics, style: HistoryStyle, columns: Int) {
        self.statistics = statistics
        self.style = style
        self.columns = columns
    }

    public var lines: [TerminalText] {
        let sections = [weeks, streak + plan, load, workouts, strength, weight, open].filter { !$0.isEmpty }
        return sections.enumerated().flatMap { number, section in (number == 0 ? [] : [.empty]) + section }
    }

    private var weeks: [TerminalText] {
        let longest = statistics.weeks.map(\.active.milliseconds).max() ?? 0
        let barWidth = max(10, min(50, columns - 38))
        let planned = Dictionary((statistics.plan?.weeks ?? []).map { ($0.week, $0) }, uniquingKeysWith: { $1 })
        // The TSS column only when a session has one, as a history of circuits never does.
        let stressed = statistics.weeks.contains { $0.stress > 0 }
        var table = TextTable([.left, .left, .right, .left] + (stressed ? [.left] : []) + [.left])
        for week in statistics.weeks {
            let bar = Self.bar(longest == 0 ? 0 : Double(week.active.milliseconds) / Double(longest) * Double(barWidth))
            let sessions = week.sessions == 0 ? "" : "\(week.sessions) session\(week.sessions == 1 ? "" : "s")"
            let plan = planned[week.week].map { $0.planned == 0 ? "" : "\($0.done) of \($0.planned) planned" } ?? ""
            table.append(
                [
                    "\(week.week)", style.bar(TerminalText(bar)).padded(to: barWidth),
                    TerminalText(week.active.wholeSeconds.spoken), TerminalText(sessions),
                ]
                    + (stressed ? [TerminalText(Self.stress(week))] : []) + [TerminalText(plan)])
        }
        return [style.bold("Time trained per week")] + table.lines(indent: "  ")
    }

    /// `TSS 110`, `TSS 110 (40 planned)` when some of it is from plans, `TSS 40 planned` when all is.
    static func stress(_ week: Statistics.Week) -> String {
        guard week.stress > 0 else { return "" }
        let total = "TSS \(Int(week.stress.rounded()))"
        if week.plannedStress == 0 { return total }
        return week.plannedStress == week.stress ? total + " planned" : total + " (\(Int(week.plannedStress.rounded())) planned)"
    }

    /// Fitness, fatigue and form today, and a chart of them over the last days that fit the width.
    private var load: [TerminalText] {
        guard let today = statistics.load.today else { return [] }
        let shown = Array(statistics.load.days.suffix(chartWidth))
        let series: [(KeyPath<TrainingLoad.Day, Double>, Character)] = [
            (\.form, Self.formGlyph), (\.fatigue, Self.fatigueGlyph),
            (\.fitness, Self.fitnessGlyph),
        ]
        let marks = series.flatMap { value, glyph in
            shown.enumerated().map { DotChart.Mark(column: $0.offset, value: $0.element[keyPath: value], glyph: glyph) }
        }
        let chart = DotChart(marks: marks, width: shown.count, first: "\(shown[0].day)", last: "\(today.day)", rows: 10)
        return [
            style.bold("Training load") + "  fitness (CTL) \(Self.number(today.fitness)) · fatigue (ATL) \(Self.number(today.fatigue))"
                + " · form (TSB) \(Self.number(today.form))", .empty,
        ]
            + chart.lines(style: style)
            + [
                style.dim(
                    TerminalText(
                        "  \(Self.fitnessGlyph) fitness: 42-day average of daily TSS  \(Self.fatigueGlyph) fatigue: 7-day"
                            + "  \(Self.formGlyph) form: fitness − fatigue"))
            ]
    }

    static let fitnessGlyph: Character = "•", fatigueGlyph: Character = "×", formGlyph: Character = "◦"

    private var streak: [TerminalText] {
        let streak = statistics.streak
        return [style.bold("Streak") + "  \(Self.days(streak.current)) (longest \(Self.days(streak.longest)))"]
    }

    /// `Plan  2 of 3 planned this week · every planned session kept 3 weeks in a row (longest 5)`.
    private var plan: [TerminalText] {
        guard let plan = statistics.plan else { return [] }
        return [
            style.bold("Plan") + "  \(plan.thisWeek.done) of \(plan.thisWeek.planned) planned this week · every planned session kept "
                + "\(Self.weeks(plan.currentRun)) in a row (longest \(Self.weeks(plan.longestRun)))"
        ]
    }

    private var workouts: [TerminalText] {
        guard !statistics.workouts.isEmpty else { return [] }
        var table = TextTable([.left, .right, .right, .left])
        table.append(["workout", "sessions", "completed", ""].map { style.dim(TerminalText($0)) })
        for workout in statistics.workouts {
            let rate = workout.completionRate.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
            table.append([
                TerminalText(workout.name), "\(workout.sessions)", TerminalText(rate),
                workout.running == 0 ? "" : style.outcome(TerminalText("\(workout.running) running")),
            ])
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

    private var weight: [TerminalText] {
        guard let curve = statistics.weight else { return [] }
        let chart = WeightChart(curve: curve, width: chartWidth, style: style)
        return [chart.heading, .empty] + chart.lines + [chart.summary]
    }

    private var open: [TerminalText] {
        guard !statistics.open.isEmpty else { return [] }
        var table = TextTable([.left, .left, .right, .right, .right])
        table.append(["exercise", "distance", "best", "latest", "times"].map { style.dim(TerminalText($0)) })
        for times in statistics.open {
            table.append([
                TerminalText(times.exercise), TerminalText(times.distance ?? "-"), TerminalText(Self.stopwatch(times.best)),
                TerminalText(Self.stopwatch(times.latest)), "\(times.count)",
            ])
        }
        return [style.bold("Open steps: best and latest time")] + table.lines(indent: "  ")
    }

    /// A time taken as a stopwatch shows it, to the tenth: `1:27.4`, `1:02:03.0`.
    static func stopwatch(_ duration: WorkoutDuration) -> String {
        let tenths = (duration.milliseconds + 50) / 100
        let seconds = tenths / 10
        let minutes = seconds / 60
        let hours = minutes / 60
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = hours > 0 ? "\(hours):\(two(minutes % 60)):\(two(seconds % 60))" : "\(minutes):\(two(seconds % 60))"
        return clock + ".\(tenths % 10)"
    }

    /// A curve's heading and a dot chart of its last points, as many as fit the width.
    private func chart(_ curve: StrengthCurve) -> [TerminalText] {
        guard let best = curve.best, let last = curve.points.last else { return [] }
        let unit = curve.unit.map { " (\($0))" } ?? ""
        let days = "\(curve.points.count) day\(curve.points.count == 1 ? "" : "s")"
        let lines: [TerminalText] = [
            "  \(style.bold(TerminalText(curve.name + unit)))  best \(Self.number(best.e1rm)) on \(best.day): "
                + "\(Self.weight(best.weight, best.unit)) × \(best.reps), \(days)"
        ]
        let shown = Array(curve.points.suffix(chartWidth))
        let marks = shown.enumerated().map { DotChart.Mark(column: $0.offset, value: $0.element.e1rm, glyph: "•") }
        return lines + DotChart(marks: marks, width: shown.count, first: "\(shown[0].day)", last: "\(last.day)").lines(style: style)
    }

    /// How many columns of points a chart may have in the width.
    var chartWidth: Int { max(10, columns - 14) }

    /// A bar of `length` cells, drawn in eighths.
    static func bar(_ length: Double) -> String {
        let eighths = Int((length * 8).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    static func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }

    static func weeks(_ count: Int) -> String { "\(count) week\(count == 1 ? "" : "s")" }

    /// One decimal at most: `96.7`, `80`.
    static func number(_ value: Double) -> String { JSONText.number((value * 10).rounded() / 10) }

    static func weight(_ value: Double, _ unit: String?) -> String { number(value) + (unit.map { " \($0)" } ?? "") }
}
