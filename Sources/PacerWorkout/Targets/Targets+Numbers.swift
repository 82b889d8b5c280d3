/// Targets made from numbers, for readers of other apps' files: each is held to the limits a
/// written target is, and refused with the message its text would get (`1500% is out of range: …`).
extension PowerTarget {
    /// A percentage of FTP (`88...94` for 88–94 %) held through the step.
    public init(ftpPercent percent: ClosedRange<Double>) throws(TargetError) {
        self = .target(.ftp, try TargetRule.ftp.held(percent))
    }

    /// A share of FTP (`0.88...0.94`), kept as the percentage a file writes, to a millionth.
    public init(ftpShare share: ClosedRange<Double>) throws(TargetError) {
        try self.init(ftpPercent: Self.percent(share.lowerBound)...Self.percent(share.upperBound))
    }

    /// A ramp from one percentage of FTP to another (held when they are one value).
    public init(ftpPercentFrom start: Double, to end: Double) throws(TargetError) {
        self = .target(.ftp, try TargetRule.ftp.ramp(from: start, to: end))
    }

    /// Watts held through the step.
    public init(watts: ClosedRange<Double>) throws(TargetError) {
        self = .target(.watts, try TargetRule.watts.held(watts))
    }

    /// A ramp from one number of watts to another (held when they are one value).
    public init(wattsFrom start: Double, to end: Double) throws(TargetError) {
        self = .target(.watts, try TargetRule.watts.ramp(from: start, to: end))
    }

    /// One of Coggan's seven power zones.
    public init(zone: Int) throws(TargetError) {
        self = .target(.zone, try TargetRule.zone(zone, count: 7, of: "power", named: "Coggan's power"))
    }

    /// A share as a percentage, rounded to a millionth so that `0.94` is `94`, not `94.00000000000001`.
    private static func percent(_ share: Double) -> Double {
        (share * 100 * 1_000_000).rounded() / 1_000_000
    }
}

extension HeartRateTarget {
    /// Beats per minute held through the step.
    public init(bpm: ClosedRange<Double>) throws(TargetError) {
        self.init(unit: .bpm, span: try TargetRule.bpm.held(bpm))
    }

    /// A percentage of lactate threshold heart rate (`85...90`).
    public init(lthrPercent percent: ClosedRange<Double>) throws(TargetError) {
        self.init(unit: .lthr, span: try TargetRule.lthr.held(percent))
    }

    /// A percentage of maximum heart rate (`75...80`).
    public init(maxPercent percent: ClosedRange<Double>) throws(TargetError) {
        self.init(unit: .max, span: try TargetRule.maxHeartRate.held(percent))
    }

    /// One of Friel's five heart-rate zones.
    public init(zone: Int) throws(TargetError) {
        self.init(unit: .zone, span: try TargetRule.zone(zone, count: 5, of: "heart-rate", named: "Friel's heart-rate"))
    }
}

extension PaceTarget {
    /// Seconds per kilometre held through the step (`240...270` for 4:00–4:30 /km).
    public init(secondsPerKilometre seconds: ClosedRange<Double>) throws(TargetError) {
        try self.init(seconds, unit: .perKilometre, per: "/km")
    }

    /// Seconds per mile held through the step.
    public init(secondsPerMile seconds: ClosedRange<Double>) throws(TargetError) {
        try self.init(seconds, unit: .perMile, per: "/mi")
    }

    /// Seconds per 100 metres held through the step.
    public init(secondsPer100Metres seconds: ClosedRange<Double>) throws(TargetError) {
        try self.init(seconds, unit: .per100Metres, per: "/100m")
    }

    /// A time per distance, as its parser refuses one: no time at all, then out of range.
    private init(_ seconds: ClosedRange<Double>, unit: Unit, per: String) throws(TargetError) {
        guard seconds.lowerBound > 0 else { throw Self.noTime(per: per) }
        self.init(unit: unit, span: try TargetRule.clock(per: per).held(seconds))
    }

    /// A percentage of threshold pace, as speed (`95...100`).
    public init(thresholdPercent percent: ClosedRange<Double>) throws(TargetError) {
        self.init(unit: .threshold, span: try TargetRule.thresholdPace.held(percent))
    }

    /// One of five pace zones.
    public init(zone: Int) throws(TargetError) {
        self.init(unit: .zone, span: try TargetRule.zone(zone, count: 5, of: "pace", named: "pace"))
    }
}

extension CadenceTarget {
    /// Revolutions per minute held through the step.
    public init(rpm: ClosedRange<Double>) throws(TargetError) {
        self.init(span: try TargetRule.cadence.held(rpm))
    }
}
