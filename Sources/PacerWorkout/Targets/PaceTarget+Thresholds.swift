extension PaceTarget {
    /// Metres the pace is given per (1000 for `/km`); nil for a share of threshold pace or a zone.
    public var metres: Double? {
        switch unit {
        case .perKilometre: 1000
        case .perMile: 1000 * Self.kilometresPerMile
        case .per100Metres: 100
        case .threshold, .zone: nil
        }
    }

    /// The target as a time per distance: as written when it is one; a share of threshold pace or
    /// a zone worked out from the athlete's threshold pace, per the distance they gave it per
    /// (`95 %` of 4:30 /km is 4:44 /km). A zone open at one end reaches there to 0 s (Z5: threshold
    /// pace or faster) or to infinity (Z1: 5:48 /km or slower). Nil for a share or a zone when
    /// threshold pace is unknown: the one place a pace is resolved, for every display.
    public func resolved(with thresholds: TargetThresholds) -> PaceTarget? {
        let percent: TargetSpan
        switch unit {
        case .perKilometre, .perMile, .per100Metres: return self
        case .threshold: percent = span
        case .zone:
            guard let range = TargetZones.pace.range(zone: span.start.low) else { return nil }
            percent = TargetSpan(range)
        }
        guard let threshold = thresholds.thresholdPace, threshold > 0, threshold.isFinite else { return nil }
        let perMile = thresholds.thresholdPaceUnit == .perMile
        let perUnit = perMile ? threshold * Self.kilometresPerMile : threshold
        // More percent is faster: the high share is the quick end, and mapped puts it first.
        return PaceTarget(unit: perMile ? .perMile : .perKilometre, span: percent.mapped { perUnit * 100 / $0 })
    }

    /// About how long `metres` take at this pace, at the middle of a range; nil when the pace is
    /// not resolved to a time per distance or reaches 0 s or infinity (an open zone).
    public func estimatedSeconds(over metres: Double) -> Double? {
        guard let per = self.metres, metres.isFinite, metres > 0 else { return nil }
        let range = span.start
        guard range.low > 0, range.high.isFinite else { return nil }
        return metres / per * (range.low + range.high) / 2
    }
}
