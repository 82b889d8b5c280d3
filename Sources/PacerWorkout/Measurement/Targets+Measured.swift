extension Targets {
    /// The range a measured channel should be in `fraction` of the way through the step (a ramp
    /// moves), in the channel's unit: watts, bpm, rpm, and metres per second for a pace. Nil when
    /// the step has no target for it, or the threshold that turns the target into that unit is unknown.
    public func measuredRange(of channel: MeasuredChannel, at fraction: Double) -> TargetRange? {
        switch channel {
        case .power: powerRange(at: fraction)
        case .heartRate: heartRateRange(at: fraction)
        case .speed: speedRange(at: fraction)
        case .cadence: cadence?.span.at(fraction: fraction)
        case .distance: nil
        }
    }

    /// The channels a measurement can be judged on in this step.
    public var measuredChannels: [MeasuredChannel] {
        MeasuredChannel.allCases.filter { measuredRange(of: $0, at: 0) != nil }
    }

    private func powerRange(at fraction: Double) -> TargetRange? {
        guard case .target(let unit, let span) = power else { return nil }
        switch unit {
        case .watts: return span.at(fraction: fraction)
        case .ftp: return thresholds.ftp.map { ftp in span.at(fraction: fraction).mapped { $0 * ftp / 100 } }
        case .zone: return thresholds.ftp.flatMap { ftp in TargetZones.power.range(zone: span.start.low)?.mapped { $0 * ftp / 100 } }
        }
    }

    private func heartRateRange(at fraction: Double) -> TargetRange? {
        guard let heartRate else { return nil }
        let range = heartRate.span.at(fraction: fraction)
        switch heartRate.unit {
        case .bpm: return range
        case .lthr: return thresholds.lthr.map { lthr in range.mapped { $0 * lthr / 100 } }
        case .max: return thresholds.maxHeartRate.map { maximum in range.mapped { $0 * maximum / 100 } }
        case .zone: return thresholds.lthr.flatMap { lthr in TargetZones.heartRate.range(zone: range.low)?.mapped { $0 * lthr / 100 } }
        }
    }

    private func speedRange(at fraction: Double) -> TargetRange? {
        guard let pace = pace?.resolved(with: thresholds), let metres = pace.metres else { return nil }
        return pace.span.at(fraction: fraction).mapped { metres / $0 }
    }
}

extension TargetZones {
    /// Zone `zone`'s range in percent of the threshold, an open end reaching 0 or infinity; nil
    /// when `zone` is not one of the table's.
    func range(zone: Double) -> TargetRange? {
        guard zone.rounded() == zone, zone >= 1, zone <= Double(bounds.count) else { return nil }
        let bound = bounds[Int(zone) - 1]
        return TargetRange(bound.low ?? 0, bound.high ?? .infinity)
    }
}
