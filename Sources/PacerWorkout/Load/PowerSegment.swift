import PacerFoundation

/// One stretch of a plan's timeline and the power it asks for: a timed phase, cut where the next
/// phase starts (in a capped block).
public struct PowerSegment: Sendable, Equatable {
    /// When it starts, from the plan's start.
    public let start: WorkoutDuration
    /// How long it lasts; more than zero.
    public let length: WorkoutDuration
    public let power: PlannedPower

    public init(start: WorkoutDuration, length: WorkoutDuration, power: PlannedPower) {
        self.start = start
        self.length = length
        self.power = power
    }

    /// When it ends.
    public var end: WorkoutDuration { start + length }

    /// The integral of the planned power from `from` to `to` milliseconds into the segment (in
    /// scale units × seconds): exact for a ramp, which is linear, as its length times its value
    /// at the middle. Nil without a target.
    func integral(from: Double, to: Double) -> Double? {
        let middle = (from + to) / 2 / Double(length.milliseconds)
        return power.value(at: middle).map { $0 * (to - from) / 1000 }
    }
}
