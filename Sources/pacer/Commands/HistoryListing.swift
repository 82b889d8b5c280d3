import HistorySink
import PacerCore

/// The text of `pacer history`: sessions newest first, under a heading per local day
/// (`Today`, `Yesterday`, `Sat 28 Nov 2026`), one line each.
struct HistoryListing {
    let sessions: [SessionRecord]
    let today: CalendarDay
    let style: HistoryStyle

    var text: String {
        let rows = sessions.map { session in
            ["#\(session.id)", session.started.clock(), session.workout.visible, session.active.wholeSeconds.spoken,
             session.outcomeText, session.setsLogged == 0 ? "" : "\(session.setsLogged) set\(session.setsLogged == 1 ? "" : "s")"]
        }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        var heading: CalendarDay?
        for (session, row) in zip(sessions, rows) {
            let day = session.started.localDay
            if day != heading {
                text += (heading == nil ? "" : "\n") + style.bold(label(day)) + "\n"
                heading = day
            }
            let cells = [style.dim(row[0].leftPadding(widths[0])), row[1], row[2].padding(widths[2]), row[3].leftPadding(widths[3]),
                         style.outcome(row[4].padding(widths[4])), row[5]]
            text += "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return text
    }

    private func label(_ day: CalendarDay) -> String {
        switch today.number - day.number {
        case 0: "Today"
        case 1: "Yesterday"
        default: day.spoken
        }
    }
}

/// The text of `pacer history show ID`: one session, its phases and what was logged.
struct SessionDetail {
    let session: SessionRecord
    let style: HistoryStyle

    var text: String {
        let started = session.started
        var text = style.bold("#\(session.id)  \(session.workout.visible)") + "\n"
        text += "  file     \(session.file.visible)\n"
        text += "  started  \(started.localDay.spoken) \(started.clock(seconds: true)) \(started.offsetText)\n"
        if let ended = session.ended {
            text += "  ended    \(ended.localDay.spoken) \(ended.clock(seconds: true)) \(ended.offsetText), \(style.outcome(session.outcomeText))\n"
        } else {
            text += "  ended    never recorded: \(style.outcome(session.outcomeText))\n"
        }
        var times = ["active \(session.active.wholeSeconds.spoken)"]
        if let paused = session.paused { times.append("paused \(paused.wholeSeconds.spoken)") }
        times.append("planned \(session.planned.wholeSeconds.spoken)")
        if session.speed != 1 { times.append("speed \(JSONText.number(session.speed))") }
        text += "  time     \(times.joined(separator: ", "))\n"
        guard !session.phases.isEmpty else { return text + "\n  No phase was recorded.\n" }
        let header = ["#", "kind", "name", "planned", "active", "outcome", "logged"]
        let rows = session.phases.map { phase in
            [String(phase.index), phase.kind.rawValue, phase.name.visible, phase.planned?.clock ?? "-", phase.active.clock,
             phase.outcome.rawValue, Self.logged(phase)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        text += "\n"
        for (number, row) in ([header] + rows).enumerated() {
            let cells = row.enumerated().map { column, cell in
                [0, 3, 4].contains(column) ? cell.leftPadding(widths[column]) : cell.padding(widths[column])
            }
            let line = "  " + cells.joined(separator: "  ").trimmingTrailingSpaces()
            text += (number == 0 ? style.dim(line) : line) + "\n"
        }
        return text
    }

    /// `5 × 80 kg`, `8 × bodyweight`, `12 reps`, or nothing for a phase that logged nothing.
    static func logged(_ phase: PhaseRecord) -> String {
        guard let reps = phase.reps else { return "" }
        guard let weight = phase.weight else { return "\(reps) rep\(reps == 1 ? "" : "s")" }
        return "\(reps) × \(weight.description.visible)"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
