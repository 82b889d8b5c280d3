/// What a plan asks over one slice of its timeline: how much of it has a power target and the
/// average target there, how much is a free ride, how much has no power target.
public struct ProfileSlice: Sendable, Equatable {
    /// The slice's length, in seconds.
    public let seconds: Double
    /// The seconds with a power target.
    public private(set) var targetSeconds = 0.0
    /// The seconds of free ride.
    public private(set) var freeRideSeconds = 0.0
    /// The planned power integrated over the seconds with a target (scale units × seconds).
    private var integral = 0.0

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// The seconds without a power target (free rides aside), gaps in the plan's timeline included.
    public var noTargetSeconds: Double { max(0, seconds - targetSeconds - freeRideSeconds) }

    /// The average planned power over the seconds with a target, on the profile's scale; nil without any.
    public var average: Double? { targetSeconds > 0 ? integral / targetSeconds : nil }

    /// Counts `segment` from `from` to `to` milliseconds into it.
    mutating func add(_ segment: PowerSegment, from: Double, to: Double) {
        let seconds = (to - from) / 1000
        switch segment.power {
        case .target:
            targetSeconds += seconds
            integral += segment.integral(from: from, to: to) ?? 0
        case .freeRide: freeRideSeconds += seconds
        case .noTarget: break
        }
    }
}
