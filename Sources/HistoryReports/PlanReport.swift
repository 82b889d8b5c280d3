import History
import PacerFoundation
import PacerWeekPlan
import TerminalRendering

/// The text of `pacer plan`: this week's planned sessions and how each stands (done, with the
/// session's time and outcome; missed; today; to come), next week's first, then the plan's entries
/// numbered as `pacer plan remove` takes them.
public struct PlanReport {
    let today: PlanToday
    /// The plan file as the user knows it.
    let file: String
    let style: HistoryStyle

    public init(today: PlanToday, file: String, style: HistoryStyle) {
        self.today = today
        self.file = file
        self.style = style
    }

    public var lines: [TerminalText] {
        guard !today.plan.entries.isEmpty else {
            return ["Nothing is planned yet: 'pacer plan add mon,wed,fri 07:00 seven-minute' plans a workout (see docs/plan.md)."]
        }
        return week + [.empty] + entries
    }

    private var week: [TerminalText] {
        let week = today.week
        var lines = [style.bold("This week, \(week.week)") + "  \(week.done) of \(week.planned) planned done"]
        var table = TextTable([.left, .left, .left, .left])
        for day in week.days {
            table.append([
                TerminalText(day.slot.day.shortSpoken), TerminalText(day.slot.time?.description ?? ""),
                TerminalText(day.slot.workout.reference), status(day.status),
            ])
        }
        lines += table.lines(indent: "  ")
        if let next = today.plan.next(after: week.monday.adding(days: 6)) {
            let when = next.day.number - week.monday.number < 14 ? "Next week: \(next.day.shortSpoken)" : "Next: \(next.day.spoken)"
            lines.append(TerminalText("\(when)\(next.time.map { " \($0)" } ?? ""), \(next.workout)"))
        }
        return lines
    }

    private var entries: [TerminalText] {
        var table = TextTable([.right, .left, .left, .left])
        for (number, entry) in today.plan.entries.enumerated() {
            table.append([
                style.dim("\(number + 1)"), TerminalText(Weekday.spoken(entry.days)),
                TerminalText(entry.time?.description ?? ""), TerminalText(entry.workout.reference),
            ])
        }
        return [style.bold("The plan") + style.dim(TerminalText("  \(file)"))] + table.lines(indent: "  ")
    }

    private func status(_ status: PlanWeek.Day.Status) -> TerminalText {
        switch status {
        case .done(let session): TerminalText("done at \(session.time), ") + style.outcome(TerminalText(session.outcome))
        case .missed: style.missed("missed")
        case .today: style.bold("today")
        case .toCome: style.dim("to come")
        }
    }
}
