import PacerCore

/// One line of text per event, for output that is not a terminal (a pipe, a file, a screen reader).
enum PlainLine {
    /// The line for `event`, stamped with session time in workout seconds (`speed` × real time).
    static func text(for event: Event, palette: Palette, speed: Double) -> String? {
        let time = stamp(Instant(Double(event.t) * speed))
        switch event.payload {
        case let .sessionStart(workout, _, phases, planned, _, speed):
            let speedNote = speed == 1 ? "" : " at \(JSONText.number(speed))x speed"
            return "\(time)  \(palette.paint(workout, palette.bold)): \(phases) phase\(phases == 1 ? "" : "s"), \(planned.spoken) planned\(speedNote)"
        case let .phaseStart(index, count, phase, next):
            var parts = ["\(time)  [\(index)/\(count)]", palette.paint(phase.kind.rawValue.uppercased(), palette.kind(phase.kind)), phase.name]
            if let duration = phase.duration { parts.append(duration.spoken) }
            if let reps = phase.reps { parts.append("\(reps) reps" + (phase.weight.map { " @ \($0)" } ?? "")) }
            if let label = phase.roundLabel { parts.append(label) }
            if let cue = phase.cue { parts.append("- \(cue)") }
            if let next { parts.append("(next: \(next))") }
            return parts.joined(separator: "  ")
        case let .countdown(_, remaining):
            return "\(time)  \(remaining)…"
        case let .cue(_, text):
            return "\(time)  » \(text)"
        case let .phaseEnd(index, outcome, active, reps, weight):
            guard outcome == .skipped || reps != nil else { return nil }
            if outcome == .skipped { return "\(time)  skipped phase \(index) after \(active.spoken)" }
            return "\(time)  logged \(reps.map(String.init) ?? "?") reps" + (weight.map { " @ \($0)" } ?? "")
        case .pause:
            return "\(time)  paused"
        case .resume:
            return "\(time)  resumed"
        case let .extend(_, by):
            return "\(time)  \(by >= .zero ? "+" : "-")\(WorkoutDuration(milliseconds: abs(by.milliseconds)).spoken)"
        case let .back(index):
            return "\(time)  back to phase \(index)"
        case let .restart(index):
            return "\(time)  restarting phase \(index)"
        case .sessionEnd:
            return nil
        }
    }

    /// Session time as `mm:ss`.
    static func stamp(_ instant: Instant) -> String {
        let seconds = instant / 1_000_000_000
        let minutes = seconds / 60
        let rest = seconds % 60
        return "\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }
}
