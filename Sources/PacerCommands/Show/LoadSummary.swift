import PacerFoundation
import PacerWorkout
import TerminalDisplay
import TerminalRendering

/// The planned load under the profile in `pacer show`: the time in each power zone that has any,
/// then kJ, NP, IF and TSS where they are known, and what was left out of them.
struct LoadSummary {
    let load: PlannedLoad
    let profile: PowerProfile
    let thresholds: TargetThresholds
    let colored: Bool

    /// Coggan's names for his seven zones.
    private static let zoneNames = ["Active recovery", "Endurance", "Tempo", "Threshold", "VO2max", "Anaerobic", "Neuromuscular"]

    var lines: [TerminalText] {
        var lines: [TerminalText] = []
        if !load.zones.isEmpty {
            lines.append("  Time in power zones:")
            var table = TextTable([.left, .left, .right, .right])
            for time in load.zones {
                let zone = PowerTarget.target(.zone, TargetSpan(TargetRange(Double(time.zone)))).description(with: thresholds)
                let share = String(Int((time.seconds / load.seconds * 100).rounded())) + " %"
                table.append([
                    colored ? .styled(TerminalText(zone), ZoneColor.parameters(zone: time.zone)) : TerminalText(zone),
                    TerminalText(Self.zoneNames[time.zone - 1]), TerminalText(Self.spoken(time.seconds)), TerminalText(share),
                ])
            }
            table.forEachLine(indent: "    ", separator: "   ") { lines.append($0) }
        }
        lines.append("  Planned load: " + TerminalText(LoadFigures.figures(load).joined(separator: " · ")))
        lines += notes.map { "  " + TerminalText($0) }
        return lines
    }

    /// What the figures leave out, and what they need to say more.
    private var notes: [String] {
        var notes: [String] = []
        if profile.wattsNeedFTP { notes.append("Steps in watts are left out: with your FTP they are compared with the shares of FTP.") }
        if load.leftOutSeconds > 0 {
            notes.append("\(Self.spoken(load.leftOutSeconds)) without a power target (free rides, rests, ...) left out.")
        }
        if load.kilojoules == nil { notes.append(#"Give your FTP (--ftp W, or "ftp" in config.json) for kJ and NP in watts."#) }
        if load.intensityFactor == nil { notes.append(#"Give your FTP (--ftp W, or "ftp" in config.json) for time in zones, IF and TSS."#) }
        return notes
    }

    private static func spoken(_ seconds: Double) -> String {
        WorkoutDuration(milliseconds: Int64((seconds * 1000).rounded())).spoken
    }
}
