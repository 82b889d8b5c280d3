/// Targets as a workout file writes them, so that each target's parser reads back the same target:
/// `88-94%`, `ramp 50-75%`, `250 W`, `Z3`, `free`, `140-150 bpm`, `85-90% LTHR`, `75% max`, `Z2`,
/// `4:20-4:40/km`, `95%`, `90 rpm`. Each is nil for a ramp between two ranges, which has no spelling.
extension PowerTarget {
    /// The target as a workout file's `"power"` holds it.
    public var writtenText: String? {
        switch self {
        case .freeRide: "free"
        case .target(.zone, let span): "Z" + TargetNumber.whole(span.start.low)
        case .target(let unit, let span): span.writtenValues(TargetNumber.written).map { $0 + (unit == .ftp ? "%" : " W") }
        }
    }
}

extension HeartRateTarget {
    /// The target as a workout file's `"heart_rate"` holds it.
    public var writtenText: String? {
        switch unit {
        case .bpm: span.writtenValues(TargetNumber.written).map { $0 + " bpm" }
        case .lthr: span.writtenValues(TargetNumber.written).map { $0 + "% LTHR" }
        case .max: span.writtenValues(TargetNumber.written).map { $0 + "% max" }
        case .zone: "Z" + TargetNumber.whole(span.start.low)
        }
    }
}

extension PaceTarget {
    /// The target as a workout file's `"pace"` holds it.
    public var writtenText: String? {
        switch unit {
        case .perKilometre: span.writtenValues(TargetNumber.clock).map { $0 + "/km" }
        case .perMile: span.writtenValues(TargetNumber.clock).map { $0 + "/mi" }
        case .per100Metres: span.writtenValues(TargetNumber.clock).map { $0 + "/100m" }
        case .threshold: span.writtenValues(TargetNumber.written).map { $0 + "%" }
        case .zone: "Z" + TargetNumber.whole(span.start.low)
        }
    }
}

extension CadenceTarget {
    /// The target as a workout file's `"cadence"` holds it.
    public var writtenText: String? {
        span.writtenValues(TargetNumber.written).map { $0 + " rpm" }
    }
}

extension TargetSpan {
    /// `88`, `88-94` or `ramp 50-75`, each value written by `number`, as files and lines of
    /// notation write a target's values; nil for a ramp between two ranges.
    func writtenValues(_ number: (Double) -> String) -> String? {
        guard isRamp else { return start.isSingle ? number(start.low) : number(start.low) + "-" + number(start.high) }
        guard start.isSingle, end.isSingle else { return nil }
        return "ramp " + number(start.low) + "-" + number(end.low)
    }
}
