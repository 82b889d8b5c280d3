import PacerEngine
import PacerFoundation
import PacerWorkout

/// The closing lines of a session: how it ended and where the time went; then what was measured
/// (kJ, power, IF and TSS, heart rate, cadence, time inside the target) or, with nothing
/// measured, the load the plan asked for, said to be planned.
public enum SummaryText {
    /// The widest a line of the load is, in columns, so that a terminal 100 wide shows each whole.
    public static let loadWidth = 100

    /// The closing line broken between its parts, as the load is, into lines of at most `width`
    /// columns (and `loadWidth`), for a terminal that wide: `Workout complete. worked 4m,`,
    /// `  rested 2m, paused 0s, nothing skipped.`
    public static func closing(for end: Event.SessionEnd, width: Int) -> [String] {
        let (heading, parts) = closingParts(end)
        return packed(heading, parts, width: min(width, loadWidth))
    }

    /// `Measured: 653 kJ · avg 181 W · NP 198 W · IF 0.79 · TSS 62.7 · heart rate avg 151, max 171 bpm`,
    /// `  cadence avg 90 rpm · inside the target: power 81 % (48m 40s)`: broken between figures into
    /// lines of at most `loadWidth` columns; with nothing measured, `Planned load (nothing measured):
    /// NP 82 % FTP · IF 0.82 · TSS 56.6`; none without either.
    /// A terminal narrower than that gets lines of at most `width` columns.
    public static func load(of measured: MeasuredSummary, plan: Plan?, width: Int = loadWidth) -> [String] {
        guard !measured.isEmpty else {
            guard let load = plan.flatMap(PlannedLoad.init(plan:)) else { return [] }
            return packed("Planned load (nothing measured):", LoadFigures.figures(load).map { (" · ", $0) }, width: min(width, loadWidth))
        }
        var parts: [String] = []
        let ftp = plan?.thresholds.ftp
        if let load = MeasuredLoad(measured, ftp: ftp) {
            parts.append(String(Int(load.kilojoules.rounded())) + " kJ")
            parts.append("avg \(Int(load.averagePower.rounded())) W")
            parts += LoadFigures.figures(
                kilojoules: nil, normalizedPower: load.normalizedPower, normalizedPercent: ftp.map { load.normalizedPower / $0 * 100 },
                intensityFactor: load.intensityFactor, stressScore: load.stressScore)
        }
        for channel in [MeasuredChannel.heartRate, .cadence] {
            guard let statistics = measured.channels[channel] else { continue }
            let maximum = channel == .heartRate ? ", max \(Int(statistics.maximum.rounded()))" : ""
            parts.append("\(channel.spokenName) avg \(Int(statistics.average.rounded()))\(maximum) \(channel.unit)")
        }
        let inside = MeasuredChannel.allCases.compactMap { channel -> String? in
            guard let seconds = measured.adherence[channel], seconds.total > 0 else { return nil }
            let share = Int((Double(seconds.inside) / Double(seconds.total) * 100).rounded())
            return "\(channel.spokenName) \(share) % (\(WorkoutDuration.seconds(Int64(seconds.inside)).spoken))"
        }
        var separated = parts.map { (" · ", $0) }
        for (order, channel) in inside.enumerated() {
            separated.append(order == 0 ? (" · ", "inside the target: " + channel) : (", ", channel))
        }
        return separated.isEmpty ? [] : packed("Measured:", separated, width: min(width, loadWidth))
    }

    /// `heading` and `parts`, each after its separator, on lines of at most `width` columns,
    /// broken only between parts; a line after the first starts with two spaces instead of the
    /// separator, and one broken inside a list keeps its comma.
    private static func packed(_ heading: String, _ parts: [(separator: String, text: String)], width: Int) -> [String] {
        var lines: [String] = []
        var line = heading
        for (order, (separator, text)) in parts.enumerated() {
            let joined = line + (order == 0 ? " " : separator) + text
            let comma = parts.dropFirst(order + 1).first?.separator == ", " ? 1 : 0
            if order == 0 || joined.count + comma <= width {
                line = joined
            } else {
                lines.append(separator == ", " ? line + "," : line)
                line = "  " + text
            }
        }
        return lines + [line]
    }

    /// The closing line whole: `Workout complete. worked 4m, rested 2m, paused 0s, nothing skipped.`
    public static func text(for end: Event.SessionEnd) -> String {
        let (heading, parts) = closingParts(end)
        return packed(heading, parts, width: .max).joined()
    }

    /// How the session ended (`Workout complete.`), then how each block went and where the time
    /// went, each after its separator, the last with the full stop.
    private static func closingParts(_ end: Event.SessionEnd) -> (heading: String, parts: [(separator: String, text: String)]) {
        let summary = end.summary
        let heading =
            switch end.outcome {
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
        parts[parts.count - 1] += "."
        let blocks = summary.blocks.map { (separator: " ", text: result(of: $0) + ".") }
        return (heading, blocks + parts.enumerated().map { (separator: $0.offset == 0 ? " " : ", ", text: $0.element) })
    }

    /// How an AMRAP, open repeat or capped block went: `AMRAP 12:00: 7 rounds + 2`, `Open repeat ended
    /// after 3 rounds + 1`, `For time: 8:32`, `For time: capped at 15:00`,
    /// followed by the steps skipped if any were (`(2 steps skipped)`), which count for nothing.
    static func result(of end: Event.BlockEnd) -> String {
        let score =
            switch end.kind {
            case .amrap:
                "AMRAP \((end.length ?? .zero).clock): \(rounds(end))"
            case .open:
                "Open repeat ended after \(rounds(end))"
            case .timeCap:
                end.capped ? "For time: capped at \((end.length ?? .zero).clock)" : "For time: \(end.active.clock)"
            }
        return end.skipped == 0 ? score : score + " (\(end.skipped) step\(end.skipped == 1 ? "" : "s") skipped)"
    }

    /// The rounds an AMRAP or open repeat completed, and the steps of the one cut short: `7 rounds + 2`.
    private static func rounds(_ end: Event.BlockEnd) -> String {
        "\(end.rounds ?? 0) round\(end.rounds == 1 ? "" : "s")" + (end.steps > 0 ? " + \(end.steps)" : "")
    }
}
