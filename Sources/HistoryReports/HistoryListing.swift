import History
import PacerEngine
import PacerFoundation
import PacerWorkout
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
            table.append([
                style.dim("#\(session.id)"), TerminalText(session.started.clock()), TerminalText(session.workout),
                TerminalText(session.active.wholeSeconds.spoken), style.outcome(TerminalText(session.outcomeText)), TerminalText(sets),
            ])
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

/// The text of `pacer history show ID`: one session, its phases, what was logged, what each aimed
/// at and what was measured.
public struct SessionDetail {
    let session: SessionRecord
    let style: HistoryStyle

    public init(session: SessionRecord, style: HistoryStyle) {
        self.session = session
        self.style = style
    }

    public var lines: [TerminalText] {
        let started = session.started
        var lines = [
            style.bold("#\(session.id)  \(session.workout)"), "  file     \(session.file)",
            "  started  \(started.localDay.spoken) \(started.clock(seconds: true)) \(started.offsetText)",
        ]
        if let ended = session.ended {
            lines.append(
                "  ended    \(ended.localDay.spoken) \(ended.clock(seconds: true)) \(ended.offsetText), \(style.outcome(TerminalText(session.outcomeText)))"
            )
        } else {
            lines.append(
                "  ended    \(session.isRunning ? "not yet" : "never recorded"): \(style.outcome(TerminalText(session.outcomeText)))")
        }
        var times = ["active \(session.active.wholeSeconds.spoken)"]
        if let paused = session.paused { times.append("paused \(paused.wholeSeconds.spoken)") }
        times.append("planned \(session.planned.wholeSeconds.spoken)")
        if session.speed != 1 { times.append("speed \(JSONText.number(session.speed))") }
        lines.append("  time     \(times.joined(separator: ", "))")
        if let load = load { lines.append("  load     " + TerminalText(load)) }
        lines.append(.empty)
        guard !session.phases.isEmpty else { return lines + ["  No phase was recorded."] }
        // The target column only when a phase had one, as a session before targets never did.
        let targeted = session.phases.contains { !$0.targets.isEmpty }
        let measured = session.phases.contains { $0.measured != nil }
        var table = TextTable(
            [.right, .left, .left, .left, .right, .right, .left, .left] + (targeted ? [.left] : []) + (measured ? [.left] : []))
        table.append(
            (["#", "kind", "name", "exercise", "planned", "active", "outcome", "logged"] + (targeted ? ["target"] : [])
                + (measured ? ["actual"] : []))
                .map { style.dim(TerminalText($0)) })
        for phase in session.phases {
            table.append(
                [
                    "\(phase.index)", TerminalText(phase.kind.rawValue), TerminalText(phase.name), TerminalText(phase.exercise ?? ""),
                    TerminalText(phase.planned?.clock ?? "-"),
                    TerminalText(phase.active.clock), TerminalText(phase.outcome.rawValue), TerminalText(Self.logged(phase)),
                ]
                    + (targeted ? [TerminalText(phase.targets.label ?? "")] : [])
                    + (measured ? [TerminalText(phase.measured.map(Self.actual) ?? "")] : []))
        }
        return lines + table.lines(indent: "  ")
    }

    /// `TSS 31.8 measured (FTP 250 W) · 324 kJ · avg 216 W · NP 218 W · heart rate avg 155, max 160 bpm`;
    /// `TSS 56.6 planned`; nil with neither.
    private var load: String? {
        var parts: [String] = []
        if let stress = session.stress {
            let ftp = session.ftp.map { " (FTP \(JSONText.number($0)) W)" } ?? ""
            parts.append("TSS \(StatsReport.number(stress.score)) " + (stress.isMeasured ? "measured" + ftp : "planned"))
        }
        if let measured = session.measured {
            if let kilojoules = measured.kilojoules { parts.append("\(Int(kilojoules.rounded())) kJ") }
            if let power = measured.channels[.power] { parts.append("avg \(Int(power.average.rounded())) W") }
            if let normalized = measured.normalizedPower { parts.append("NP \(Int(normalized.rounded())) W") }
            if let heartRate = measured.channels[.heartRate] {
                parts.append("heart rate avg \(Int(heartRate.average.rounded())), max \(Int(heartRate.maximum.rounded())) bpm")
            }
            if let cadence = measured.channels[.cadence] { parts.append("cadence avg \(Int(cadence.average.rounded())) rpm") }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The phase's measured averages: `216 W · 155 bpm · 92 rpm · 3.2 m/s`, with the share of
    /// seconds inside the target of each targeted channel (`216 W (81 % in target)`).
    static func actual(_ measured: MeasuredRecord) -> String {
        [MeasuredChannel.power, .heartRate, .cadence, .speed].compactMap { channel in
            guard let statistics = measured.channels[channel] else { return nil }
            let value =
                channel == .speed ? JSONText.number((statistics.average * 10).rounded() / 10) : String(Int(statistics.average.rounded()))
            guard let seconds = measured.adherence[channel], seconds.total > 0 else { return "\(value) \(channel.unit)" }
            return "\(value) \(channel.unit) (\(Int((Double(seconds.inside) / Double(seconds.total) * 100).rounded())) % in target)"
        }.joined(separator: " · ")
    }

    /// `5 × 80 kg`, `8 × bodyweight`, `12 reps`, or nothing for a phase that logged nothing.
    static func logged(_ phase: PhaseRecord) -> String {
        guard let reps = phase.reps else { return "" }
        guard let weight = phase.weight else { return "\(reps) rep\(reps == 1 ? "" : "s")" }
        return "\(reps) × \(weight.description)"
    }
}
