import PacerEngine
import PacerFoundation
import PacerWorkout

/// One line of text per event, for output that is not a live terminal (a pipe, a file, a screen reader).
public enum PlainLine {
    /// The line for `event`, stamped with session time in workout seconds.
    public static func text(for event: Event, palette: Palette, scale: TimeScale) -> TerminalText? {
        let time = stamp(scale.workout(event.t - .start))
        switch event.payload {
        case .sessionStart(let start):
            let speedNote = start.speed == 1 ? "" : " at \(JSONText.number(start.speed))x speed"
            let phases = "\(start.phases) phase\(start.phases == 1 ? "" : "s")"
            return
                "\(time)  \(palette.paint(TerminalText(start.workout), palette.bold)): \(phases), \(start.planned.spoken) planned\(speedNote)"
        case .phaseStart(let start):
            let phase = start.phase
            var parts: [TerminalText] = [
                "\(time)  [\(start.index + 1)/\(start.count)]",
                palette.paint(TerminalText(phase.kind.rawValue.uppercased()), palette.kind(phase.kind)),
                TerminalText(phase.name),
            ]
            if let duration = phase.duration { parts.append("\(duration.spoken)") }
            if phase.isOpen {
                parts.append(
                    "open, say done when finished" + (phase.target.map { ", target \($0.spoken)" } ?? "")
                        + (phase.estimatedDuration.map { ", about \($0.spoken) at target pace" } ?? ""))
            }
            if let distance = phase.distance { parts.append(TerminalText(distance)) }
            if let targets = phase.targets.label { parts.append(TerminalText(targets)) }
            if let reps = phase.reps { parts.append("\(reps) rep\(reps == 1 ? "" : "s")" + (phase.weight.map { " @ \($0)" } ?? "")) }
            if let label = phase.roundLabel { parts.append("\(label)") }
            if let cue = phase.cue { parts.append("- \(cue)") }
            if let next = start.next { parts.append("(next: \(next.name))") }
            return .joined(parts, separator: "  ")
        case .countdown(let countdown):
            return "\(time)  \(countdown.remaining)…"
        case .cue(let call):
            return "\(time)  » \(call.text)"
        case .phaseEnd(let end):
            if end.phase.isOpen, end.outcome == .completed { return "\(time)  took \(end.active.spoken)" }
            if end.outcome == .timeout { return "\(time)  time is up for \(TerminalText(end.phase.name))" }
            guard end.outcome == .skipped || end.reps != nil else { return nil }
            if end.outcome == .skipped { return "\(time)  skipped phase \(end.index + 1) after \(end.active.spoken)" }
            return "\(time)  logged \(end.reps.map { "\($0) rep\($0 == 1 ? "" : "s")" } ?? "? reps")"
                + TerminalText(end.weight.map { " @ \($0)" } ?? "")
        case .pause:
            return "\(time)  paused"
        case .resume:
            return "\(time)  resumed"
        case .extend(let extension_):
            let amount = WorkoutDuration(milliseconds: abs(extension_.by.milliseconds)).spoken
            return "\(time)  \(extension_.by >= .zero ? "+" : "-")\(amount)"
        case .back(let jump):
            return "\(time)  back to phase \(jump.index + 1)"
        case .restart(let jump):
            return "\(time)  restarting phase \(jump.index + 1)"
        case .blockEnd(let end):
            return "\(time)  \(SummaryText.result(of: end))"
        case .sample(let sample):
            // Every tenth second of session time: a line a second would bury the others.
            guard sample.active.milliseconds % 10_000 == 0, !sample.values.isEmpty else { return nil }
            return "\(time)  "
                + TerminalText(sample.values.channels.map { RidePanel.line(for: $0, value: sample.values[$0]) }.joined(separator: "  "))
        case .sessionEnd:
            return nil
        }
    }

    /// Session time as `mm:ss`.
    static func stamp(_ time: WorkoutDuration) -> String {
        let seconds = time.milliseconds / 1000
        let minutes = seconds / 60
        let rest = seconds % 60
        return "\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }
}
