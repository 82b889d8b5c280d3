/// A step's targets as its file writes them: each one value, or one per round of the repeat.
public struct WrittenTargets: Sendable, Equatable {
    public var power: PerRound<PowerTarget>?
    public var heartRate: PerRound<HeartRateTarget>?
    public var pace: PerRound<PaceTarget>?
    public var cadence: PerRound<CadenceTarget>?

    public init(
        power: PerRound<PowerTarget>? = nil, heartRate: PerRound<HeartRateTarget>? = nil,
        pace: PerRound<PaceTarget>? = nil, cadence: PerRound<CadenceTarget>? = nil
    ) {
        self.power = power
        self.heartRate = heartRate
        self.pace = pace
        self.cadence = cadence
    }

    /// The file keys, in the order the layout writes them.
    public static let keys = ["power", "heart_rate", "pace", "cadence"]

    /// How many of the four the step sets.
    public var count: Int { [power == nil, heartRate == nil, pace == nil, cadence == nil].count { !$0 } }

    /// The targets of one round, counted from 1 (outside any round, the first).
    public func value(inRound round: Int?) -> Targets {
        Targets(
            power: power?.value(inRound: round), heartRate: heartRate?.value(inRound: round),
            pace: pace?.value(inRound: round), cadence: cadence?.value(inRound: round))
    }
}
