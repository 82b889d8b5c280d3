import PacerFoundation
import PacerWorkout

/// Power targets in the one unit a format writes: percent of FTP or watts, a zone at its middle.
enum ExportPower {
    /// The percentage of FTP taken for each of Coggan's zones, the middle of its range (50 for
    /// the open-ended Z1, 160 for Z7).
    static func middlePercent(ofZone zone: Double) -> Double {
        let bounds = TargetZones.power.bounds
        let index = min(max(Int(zone) - 1, 0), bounds.count - 1)
        switch bounds[index] {
        case (let low?, let high?): return (low + high) / 2
        case (nil, let high?): return high - 5
        case (let low?, nil): return low + 9
        case (nil, nil): return 100
        }
    }

    /// The step's power in percent of FTP, nil when it has none or is a free ride. Watts need
    /// FTP; a zone is taken at its middle, noted.
    static func percent(of step: ExportStep, format: WorkoutFormat, thresholds: TargetThresholds, notes: inout ExportNotes)
        throws(ExportRefusal) -> TargetSpan?
    {
        guard case .target(let unit, let span)? = step.targets.power else { return nil }
        switch unit {
        case .ftp:
            return span
        case .zone:
            let middle = middlePercent(ofZone: span.start.low)
            notes.note(
                "\(format.short) has no power zones: a zone is written as the middle of its range (Z\(JSONText.number(span.start.low)) as \(JSONText.number(middle)) % of FTP)",
                step: step.name)
            return TargetSpan(TargetRange(middle))
        case .watts:
            guard let ftp = thresholds.ftp, ftp > 0 else {
                throw ExportRefusal(
                    "\"\(step.name)\" aims at \(step.targets.power?.description ?? "watts"), and \(format.short) gives power as a share of FTP: give your FTP with --ftp W or \"ftp\" in config.json"
                )
            }
            return scaled(span, by: 100 / ftp)
        }
    }

    /// The step's power in watts, nil when it has none or is a free ride. A share of FTP or a
    /// zone needs FTP.
    static func watts(of step: ExportStep, format: WorkoutFormat, thresholds: TargetThresholds, notes: inout ExportNotes)
        throws(ExportRefusal) -> TargetSpan?
    {
        guard case .target(let unit, let span)? = step.targets.power else { return nil }
        if unit == .watts { return span }
        guard let ftp = thresholds.ftp, ftp > 0 else {
            throw ExportRefusal(
                "\"\(step.name)\" aims at \(step.targets.power?.description ?? "a share of FTP"), and \(format.short) gives power in watts: give your FTP with --ftp W or \"ftp\" in config.json (or export --to mrc, which gives percent)"
            )
        }
        return try percent(of: step, format: format, thresholds: thresholds, notes: &notes).map { scaled($0, by: ftp / 100) }
    }

    /// Every value of `span` times `factor`.
    static func scaled(_ span: TargetSpan, by factor: Double) -> TargetSpan {
        let scale = { (range: TargetRange) in TargetRange(range.low * factor, range.high * factor) }
        return TargetSpan(start: scale(span.start), end: scale(span.end))
    }

    /// The middle of a range, for formats that give one value.
    static func middle(_ range: TargetRange) -> Double {
        (range.low + range.high) / 2
    }
}
