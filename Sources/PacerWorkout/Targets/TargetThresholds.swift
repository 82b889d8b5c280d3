/// The athlete's thresholds that turn relative targets into absolute ones and back; each may be unknown.
public struct TargetThresholds: Sendable, Equatable {
    /// Functional threshold power, in watts.
    public var ftp: Double?
    /// Lactate threshold heart rate, in beats per minute.
    public var lthr: Double?
    /// Maximum heart rate, in beats per minute.
    public var maxHeartRate: Double?
    /// Threshold pace, in seconds per kilometre.
    public var thresholdPace: Double?
    /// What the athlete gave threshold pace per, `.perKilometre` or `.perMile`: a pace worked out
    /// from it is shown per the same.
    public var thresholdPaceUnit: PaceTarget.Unit

    public init(
        ftp: Double? = nil, lthr: Double? = nil, maxHeartRate: Double? = nil, thresholdPace: Double? = nil,
        thresholdPaceUnit: PaceTarget.Unit = .perKilometre
    ) {
        self.ftp = ftp
        self.lthr = lthr
        self.maxHeartRate = maxHeartRate
        self.thresholdPace = thresholdPace
        self.thresholdPaceUnit = thresholdPaceUnit
    }

    /// No threshold known: targets are shown as written.
    public static let none = TargetThresholds()
}
