import PacerWorkout

/// A step's targets as FIT holds them: power in % of FTP or watts, heart rate in % of maximum or
/// bpm, speed, cadence, or a zone. A share of a threshold FIT has no unit for (LTHR, threshold
/// pace) is written in absolute values with the user's threshold; without it, as near as FIT can
/// say, with a warning.
extension FITWriter {
    /// A step's target as FIT writes it: its type, and a zone or a custom low and high.
    struct Target {
        let type: FITProfile.TargetType
        var zone: UInt32?
        var low: UInt32 = 0
        var high: UInt32 = 0

        /// Its fields in the primary or the secondary place.
        func fields(in place: FITProfile.TargetFields) -> [FITEncoding.Field] {
            var fields: [FITEncoding.Field] = [.enumeration(place.type, type)]
            guard type != .open else { return fields }
            fields.append(.number(place.value, zone ?? 0))
            if zone == nil { fields += [.number(place.low, low), .number(place.high, high)] }
            return fields
        }
    }

    /// Power, heart rate, speed, cadence, in that order, each where the step has one FIT can say.
    mutating func targets(of step: ExportStep) -> [Target] {
        var targets: [Target] = []
        if let power = step.targets.power, let target = self.power(power, step: step) { targets.append(target) }
        if let heartRate = step.targets.heartRate { targets.append(self.heartRate(heartRate, step: step)) }
        if let pace = step.targets.pace, let target = speed(pace, step: step) { targets.append(target) }
        if let cadence = step.targets.cadence { targets.append(custom(.cadence, cadence.span, step: step) { $0 }) }
        return targets
    }

    /// Percent of FTP as is, watts with FIT's offset.
    private mutating func power(_ power: PowerTarget, step: ExportStep) -> Target? {
        let offset = Double(FITProfile.Scale.powerOffset)
        switch power {
        case .freeRide: return nil
        case .target(.zone, let span): return Target(type: .power, zone: UInt32(span.start.low))
        case .target(.ftp, let span): return custom(.power, span, step: step) { $0 }
        case .target(.watts, let span): return custom(.power, span, step: step) { $0 + offset }
        }
    }

    /// Beats with FIT's offset, percent of maximum as is up to 100 (above it, FIT reads beats):
    /// a share of maximum above 100 % and a share of LTHR are written in beats with the
    /// threshold; without it, as 100 % of maximum or as the zone it falls in, with a warning.
    private mutating func heartRate(_ heartRate: HeartRateTarget, step: ExportStep) -> Target {
        let offset = Double(FITProfile.Scale.heartRateOffset)
        switch heartRate.unit {
        case .zone:
            return Target(type: .heartRate, zone: UInt32(heartRate.span.start.low))
        case .bpm:
            return custom(.heartRate, heartRate.span, step: step) { $0 + offset }
        case .max:
            guard max(heartRate.span.start.high, heartRate.span.end.high) > offset else {
                return custom(.heartRate, heartRate.span, step: step) { $0 }
            }
            if let maximum = thresholds.maxHeartRate {
                return custom(.heartRate, heartRate.span, step: step) { $0 * maximum / 100 + offset }
            }
            notes.note(
                "FIT gives a share of maximum heart rate up to 100 %: more is written as 100 % (give --max-hr to write beats)",
                step: step.name)
            return custom(.heartRate, heartRate.span, step: step) { min($0, offset) }
        case .lthr:
            if let lthr = thresholds.lthr { return custom(.heartRate, heartRate.span, step: step) { $0 * lthr / 100 + offset } }
            let zone = TargetZones.heartRate.zone(ofPercent: ExportPower.middle(heartRate.span.start))
            notes.note(
                "FIT has no share of LTHR: it is written as the heart-rate zone it falls in (give --lthr to write beats)", step: step.name)
            return Target(type: .heartRate, zone: UInt32(zone))
        }
    }

    /// A pace as speed in millimetres per second (a slower pace is the lower speed); a share of
    /// threshold pace with the threshold, else dropped with a warning.
    private mutating func speed(_ pace: PaceTarget, step: ExportStep) -> Target? {
        let scale = FITProfile.Scale.speed
        if pace.unit == .zone { return Target(type: .speed, zone: UInt32(pace.span.start.low)) }
        guard let resolved = pace.resolved(with: thresholds), let metres = resolved.metres else {
            notes.note(
                "FIT gives speed, and a share of threshold pace needs your threshold pace: dropped (give --threshold-pace)", step: step.name
            )
            return nil
        }
        return custom(.speed, resolved.span, step: step) { metres / $0 * scale }
    }

    /// A custom low–high target, each value through `value`; a ramp as the range it covers.
    private mutating func custom(_ type: FITProfile.TargetType, _ span: TargetSpan, step: ExportStep, _ value: (Double) -> Double) -> Target
    {
        if span.isRamp { notes.note("FIT has no ramps: a ramp is written as the range it covers", step: step.name) }
        let values = [span.start.low, span.start.high, span.end.low, span.end.high].map {
            UInt32(min(max(value($0).rounded(), 0), Double(UInt32.max - 1)))
        }
        return Target(type: type, low: values.min() ?? 0, high: values.max() ?? 0)
    }
}
