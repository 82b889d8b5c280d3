import History
import PacerCore
import TerminalRendering

/// The text of `pacer history`: sessions newest first, under a heading per local day
/// (`Today`, `Yesterday`, `Sat 28 Nov 2026`), one line each.
public struct HistoryListing {
    let sessions: [SessionRecord]
    let today: CalendarDay
    let style: HistoryStyle

    public init(sessions: [SessionRecord], today: CalendarDay, style: HistoryStyle) {
        self.sessions = sessions
        self.today = today
        self.style = style
    }

    public var lines: [TerminalText] {
        var table = TextTable([.right, .left, .left, .right, .left, .left])
        for session in sessions {
            let sets = session.setsLogged == 0 ? "" : "\(session.setsLogged) set\(session.setsLogged == 1 ? "" : "s")"
            table.append([style.dim("#\(session.id)"), TerminalText(session.started.clock()), TerminalText(session.workout),
                          TerminalText(session.active.wholeSeconds.spoken), style.outcome(TerminalText(session.outcomeText)), TerminalText(sets)])
        }
        var lines: [TerminalText] = []
        var heading: CalendarDay?
        for (session, line) in zip(sessions, table.lines(indent: "  ")) {
            let day = session.started.localDay
            if day != heading {
                if heading != nil { lines.append(.empty) }
                lines.append(style.bold(TerminalText(label(day))))
                heading = day
            }
            lines.append(line)
        }
        return lines
    }

    private func label(_ day: CalendarDay) -> String {
        switch today.number - day.number {
        case 0: "Today"
        case 1: "Yesterday"
        default: day.spoken
        }
    }
}

/// The text of `pacer history show ID`: one session, its phases, what was logged and what each aimed at.
public struct SessionDetail {
    let session: SessionRecord
    let style: HistoryStyle

    public init(session: SessionRecord, style: HistoryStyle) {
        self.session = session
        self.style = style
    }

    public var lines: [TerminalText] {
        let started = session.started
        var lines = [style.bold("#\(session.id)  \(session.workout)"), "  file     \(session.file)",
                     "  started  \(started.localDay.spoken) \(started.clock(seconds: true)) \(started.offsetText)"]
        if let ended = session.ended {
            lines.append("  ended    \(ended.localDay.spoken) \(ended.clock(seconds: true)) \(ended.offsetText), \(style.outcome(TerminalText(session.outcomeText)))")
        } else {
            lines.append("  ended    \(session.isRunning ? "not yet" : "never recorded"): \(style.outcome(TerminalText(session.outcomeText)))")
        }
        var times = ["active \(session.active.wholeSeconds.spoken)"]
        if let paused = session.paused { times.append("paused \(paused.wholeSeconds.spoken)") }
        times.append("planned \(session.planned.wholeSeconds.spoken)")
        if session.speed != 1 { times.append("speed \(JSONText.number(session.speed))") }
        lines.append("  time     \(times.joined(separator: ", "))")
        lines.append(.empty)
        guard !session.phases.isEmpty else { return lines + ["  No phase was recorded."] }
        // The target column only when a phase had one, as a session before targets never did.
        let targeted = session.phases.contains { !$0.targets.isEmpty }
        var table = TextTable([.right, .left, .left, .left, .right, .right, .left, .left] + (targeted ? [.left] : []))
        table.append((["#", "kind", "name", "exercise", "planned", "active", "outcome", "logged"] + (targeted ? ["target"] : []))
            .map { style.dim(TerminalText($0)) })
        for phase in session.phases {
            table.append(["\(phase.index)", TerminalText(phase.kind.rawValue), TerminalText(phase.name), TerminalText(phase.exercise ?? ""),
                          TerminalText(phase.planned?.clock ?? "-"),
                          TerminalText(phase.active.clock), TerminalText(phase.outcome.rawValue), TerminalText(Self.logged(phase))]
                         + (targeted ? [TerminalText(phase.targets.label ?? "")] : []))
        }
        return lines + table.lines(indent: "  ")
    }

    /// `5 × 80 kg`, `8 × bodyweight`, `12 reps`, or nothing for a phase that logged nothing.
    static func logged(_ phase: PhaseRecord) -> String {
        guard let reps = phase.reps else { return "" }
        guard let weight = phase.weight else { return "\(reps) rep\(reps == 1 ? "" : "s")" }
        return "\(reps) × \(weight.description)"
    }
}
