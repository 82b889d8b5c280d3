/// Converts between workout time and real time at a session's `--speed`: the one place where
/// the speed factor is applied.
public struct TimeScale: Sendable, Equatable {
    /// Workout seconds per real second.
    public let speed: Double

    public init(speed: Double) {
        self.speed = speed
    }

    /// The real time a span of workout time takes.
    public func real(_ workout: WorkoutDuration) -> Duration {
        .nanoseconds(Int64((Double(workout.milliseconds) * 1_000_000 / speed).rounded()))
    }

    /// The workout time a span of real time stands for, to the millisecond.
    public func workout(_ real: Duration) -> WorkoutDuration {
        WorkoutDuration(milliseconds: Int64((Double(real.nanoseconds) * speed / 1_000_000).rounded()))
    }
}
