import PacerCore

/// The closing line of a session: how it ended and where the time went.
enum SummaryText {
    static func text(for end: Event.SessionEnd) -> String {
        let summary = end.summary
        let heading = switch end.outcome {
        case .completed: "Workout complete."
        case .quit: "Session ended early."
        case .aborted: "Session interrupted."
        }
        var parts = ["worked \(summary.worked.wholeSeconds.spoken)", "rested \(summary.rested.wholeSeconds.spoken)"]
        if summary.warmedUp.wholeSeconds > .zero { parts.append("warm-up and prep \(summary.warmedUp.wholeSeconds.spoken)") }
        if summary.cooledDown.wholeSeconds > .zero { parts.append("cool-down \(summary.cooledDown.wholeSeconds.spoken)") }
        parts.append("paused \(end.paused.wholeSeconds.spoken)")
        if summary.skippedPhases == 0 {
            parts.append("nothing skipped")
        } else {
            let phases = "\(summary.skippedPhases) phase\(summary.skippedPhases == 1 ? "" : "s")"
            parts.append("skipped \(phases) (\(summary.skippedTime.wholeSeconds.spoken))")
        }
        return "\(heading) " + parts.joined(separator: ", ") + "."
    }
}
