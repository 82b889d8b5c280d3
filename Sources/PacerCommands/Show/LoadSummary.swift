import PacerCore
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
                table.append([colored ? .styled(TerminalText(zone), ZoneColor.parameters(zone: time.zone)) : TerminalText(zone),
                              TerminalText(Self.zoneNames[time.zone - 1]), TerminalText(Self.spoken(time.seconds)), TerminalText(share)])
            }
            table.forEachLine(indent: "    ", separator: "   ") { lines.append($0) }
        }
        lines.append("  Planned load: " + TerminalText(figures.joined(separator: " · ")))
        lines += notes.map { "  " + TerminalText($0) }
        return lines
    }

    /// `812 kJ`, `NP 208 W (83 % FTP)`, `IF 0.83`, `TSS 71.3`: those known.
    private var figures: [String] {
        var figures: [String] = []
        if let kilojoules = load.kilojoules { figures.append(String(Int(kilojoules.rounded())) + " kJ") }
        let percent = load.normalizedPercent.map { String(Int($0.rounded())) + " % FTP" }
        switch (load.normalizedPower.map { String(Int($0.rounded())) + " W" }, percent) {
        case (let watts?, let percent?): figures.append("NP \(watts) (\(percent))")
        case (let watts?, nil): figures.append("NP \(watts)")
        case (nil, let percent?): figures.append("NP \(percent)")
        case (nil, nil): break
        }
        if let intensity = load.intensityFactor { figures.append("IF " + Self.decimal(intensity, places: 2)) }
        if let stress = load.stressScore { figures.append("TSS " + Self.decimal(stress, places: 1)) }
        return figures
    }

    /// What the figures leave out, and what they need to say more.
    private var notes: [String] {
        var notes: [String] = []
        if profile.wattsNeedFTP { notes.append("Steps in watts are left out: with your FTP they are compared with the shares of FTP.") }
        if load.leftOutSeconds > 0 { notes.append("\(Self.spoken(load.leftOutSeconds)) without a power target (free rides, rests, ...) left out.") }
        if load.kilojoules == nil { notes.append(#"Give your FTP (--ftp W, or "ftp" in config.json) for kJ and NP in watts."#) }
        if load.intensityFactor == nil { notes.append(#"Give your FTP (--ftp W, or "ftp" in config.json) for time in zones, IF and TSS."#) }
        return notes
    }

    private static func spoken(_ seconds: Double) -> String {
        WorkoutDuration(milliseconds: Int64((seconds * 1000).rounded())).spoken
    }

    /// `0.83`: `value` to `places` decimals, written out in full.
    private static func decimal(_ value: Double, places: Int) -> String {
        let scale = places == 1 ? 10.0 : 100.0
        let scaled = Int64((value * scale).rounded())
        let fraction = String(scaled % Int64(scale))
        return String(scaled / Int64(scale)) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
