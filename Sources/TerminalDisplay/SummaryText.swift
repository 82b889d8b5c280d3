import PacerCore

/// The closing line of a session: how it ended and where the time went.
public enum SummaryText {
    public static func text(for end: Event.SessionEnd) -> String {
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
        let blocks = summary.blocks.map { " " + result(of: $0) + "." }.joined()
        return "\(heading)\(blocks) " + parts.joined(separator: ", ") + "."
    }

    /// How an AMRAP or capped block went: `AMRAP 12:00: 7 rounds + 2`, `For time: 8:32`, `For time: capped at 15:00`,
    /// followed by the steps skipped if any were (`(2 steps skipped)`), which count for nothing.
    static func result(of end: Event.BlockEnd) -> String {
        let score = switch end.kind {
        case .amrap:
            "AMRAP \(end.length.clock): \(end.rounds ?? 0) round\(end.rounds == 1 ? "" : "s")" + (end.steps > 0 ? " + \(end.steps)" : "")
        case .timeCap:
            end.capped ? "For time: capped at \(end.length.clock)" : "For time: \(end.active.clock)"
        }
        return end.skipped == 0 ? score : score + " (\(end.skipped) step\(end.skipped == 1 ? "" : "s") skipped)"
    }
}
