import PacerFoundation
import PacerWorkout

/// A phase's targets as the coach says them: `88 to 94 percent`, `ramp from 50 to 75 percent`,
/// `250 watts` (in watts whenever FTP is known), `heart rate zone 2`, `pace 4 minutes 30 per kilometre`
/// (worked out whenever threshold pace is known), `cadence 90`, `free ride`.
enum SpokenTargets {
    /// Every target the phase sets, in the display's order, or nil when it sets none.
    static func text(of targets: Targets) -> String? {
        let parts = [
            targets.power.map { power($0, thresholds: targets.thresholds) }, targets.heartRate.map(heartRate),
            targets.pace.map { pace($0, thresholds: targets.thresholds) }, targets.cadence.map { "cadence " + range($0.span.start) },
        ]
        .compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// In watts when FTP is known (`220 to 235 watts`), else as written.
    private static func power(_ target: PowerTarget, thresholds: TargetThresholds) -> String {
        guard let unit = target.unit, let span = target.span else { return "free ride" }
        if let watts = target.watts(with: thresholds) { return spoken(watts, unit: "watts") }
        switch unit {
        case .ftp: return spoken(span, unit: "percent")
        case .watts: return spoken(span, unit: "watts")
        case .zone: return "zone " + range(span.start)
        }
    }

    private static func heartRate(_ target: HeartRateTarget) -> String {
        switch target.unit {
        case .bpm: "heart rate " + spoken(target.span, unit: "beats per minute")
        case .zone: "heart rate zone " + range(target.span.start)
        case .lthr: spoken(target.span, unit: "percent of threshold heart rate")
        case .max: spoken(target.span, unit: "percent of maximum heart rate")
        }
    }

    /// A time per distance, worked out from threshold pace when it is known (`pace 4 minutes 44 per
    /// kilometre`, `pace zone 2, 5 minutes 8 to 5 minutes 48 per kilometre`), else as written.
    private static func pace(_ target: PaceTarget, thresholds: TargetThresholds) -> String {
        let zone = target.unit == .zone ? "pace zone " + range(target.span.start) : nil
        guard let resolved = target.resolved(with: thresholds) else {
            return zone ?? "pace " + spoken(target.span, unit: "percent of threshold")
        }
        let per =
            switch resolved.unit {
            case .perMile: "per mile"
            case .per100Metres: "per 100 metres"
            case .perKilometre, .threshold, .zone: "per kilometre"
            }
        let start = resolved.span.start
        let paces =
            if !start.high.isFinite {
                "\(clock(start.low)) \(per) or slower"
            } else if start.low <= 0 {
                "\(clock(start.high)) \(per) or faster"
            } else {
                (start.isSingle ? clock(start.low) : "\(clock(start.low)) to \(clock(start.high))") + " " + per
            }
        return zone.map { "\($0), \(paces)" } ?? "pace " + paces
    }

    /// `power low: 230, target 260`, `heart rate high: 171, target 150 to 160`: a measured value
    /// off its target (in watts or bpm, rounded).
    static func nudge(_ channel: MeasuredChannel, value: Double, low: Bool, target: TargetRange) -> String {
        let wanted =
            if !target.high.isFinite {
                "at least \(JSONText.number(target.low.rounded()))"
            } else if target.low <= 0 {
                "up to \(JSONText.number(target.high.rounded()))"
            } else {
                range(TargetRange(target.low.rounded(), target.high.rounded()))
            }
        return "\(channel.spokenName) \(low ? "low" : "high"): \(JSONText.number(value.rounded())), target \(wanted)"
    }

    /// `88 to 94 percent`, or for a ramp `ramp from 50 to 75 percent`.
    private static func spoken(_ span: TargetSpan, unit: String) -> String {
        span.isRamp ? "ramp from \(range(span.start)) to \(range(span.end)) \(unit)" : "\(range(span.start)) \(unit)"
    }

    /// `88 to 94`, or `90` for a single value.
    private static func range(_ range: TargetRange) -> String {
        range.isSingle ? JSONText.number(range.low) : "\(JSONText.number(range.low)) to \(JSONText.number(range.high))"
    }

    /// A pace's seconds as a person says them: `4 minutes 30`, `4 minutes 5`, `4 minutes` on the
    /// minute, `1 minute 45`, `50 seconds` under a minute.
    private static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 360_000 else { return "unknown" }
        let whole = Int(seconds.rounded())
        let (minutes, rest) = (whole / 60, whole % 60)
        guard minutes > 0 else { return "\(rest) seconds" }
        let named = "\(minutes) minute" + (minutes == 1 ? "" : "s")
        return rest == 0 ? named : "\(named) \(rest)"
    }
}
