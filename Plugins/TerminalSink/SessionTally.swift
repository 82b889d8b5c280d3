import PacerCore

/// Adds up what a session did, from its events, for the closing summary.
struct SessionTally {
    private(set) var worked = WorkoutDuration.zero
    private(set) var rested = WorkoutDuration.zero
    private(set) var other = WorkoutDuration.zero
    private(set) var skippedPhases = 0
    private(set) var skippedTime = WorkoutDuration.zero
    private var current: (kind: PhaseKind, duration: WorkoutDuration?)?

    mutating func record(_ event: Event) {
        switch event.payload {
        case let .phaseStart(_, _, phase, _):
            current = (phase.kind, phase.duration)
        case let .extend(_, by):
            if let duration = current?.duration { current?.duration = duration + by }
        case let .phaseEnd(_, outcome, active, _, _):
            guard let current else { return }
            switch current.kind {
            case .work, .reps: worked = worked + active
            case .rest: rested = rested + active
            case .prepare, .warmup, .cooldown: other = other + active
            }
            if outcome == .skipped {
                skippedPhases += 1
                if let duration = current.duration, duration > active { skippedTime = skippedTime + (duration - active) }
            }
            self.current = nil
        default:
            break
        }
    }

    /// The closing lines for a session that ended with `outcome` after `paused` of pauses.
    func summary(outcome: SessionOutcome, paused: WorkoutDuration) -> String {
        let heading = switch outcome {
        case .completed: "Workout complete."
        case .quit: "Session ended early."
        case .aborted: "Session interrupted."
        }
        var parts = ["worked \(worked.wholeSeconds.spoken)", "rested \(rested.wholeSeconds.spoken)"]
        if other > .zero { parts.append("warm-up and prep \(other.wholeSeconds.spoken)") }
        parts.append("paused \(paused.wholeSeconds.spoken)")
        parts.append(skippedPhases == 0 ? "nothing skipped" : "skipped \(skippedPhases) phase\(skippedPhases == 1 ? "" : "s") (\(skippedTime.wholeSeconds.spoken))")
        return "\(heading) " + parts.joined(separator: ", ") + "."
    }
}
