/// A length of workout time, exact to the millisecond.
public struct WorkoutDuration: Sendable, Hashable, Comparable {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    public static func seconds(_ seconds: Int64) -> WorkoutDuration {
        WorkoutDuration(milliseconds: seconds * 1000)
    }

    public static let zero = WorkoutDuration(milliseconds: 0)
    /// The longest duration a single step may have: 24 hours.
    public static let maximumStep = WorkoutDuration.seconds(24 * 3600)
    /// The longest a whole workout may last: 7 days.
    public static let maximumWorkout = WorkoutDuration.seconds(7 * 24 * 3600)

    /// The duration in seconds, as a floating-point number.
    public var seconds: Double { Double(milliseconds) / 1000 }

    public static func < (lhs: WorkoutDuration, rhs: WorkoutDuration) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    public static func + (lhs: WorkoutDuration, rhs: WorkoutDuration) -> WorkoutDuration {
        WorkoutDuration(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }

    public static func - (lhs: WorkoutDuration, rhs: WorkoutDuration) -> WorkoutDuration {
        WorkoutDuration(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }
}
