import PacerCore

/// What the history records when a session starts (from `session.start`).
public struct SessionStart: Sendable {
    public var workout: String
    public var file: String
    public var started: WallTime
    /// The timed phases' planned total, rep steps excluded.
    public var planned: WorkoutDuration
    public var speed: Double

    public init(workout: String, file: String, started: WallTime, planned: WorkoutDuration, speed: Double) {
        self.workout = workout
        self.file = file
        self.started = started
        self.planned = planned
        self.speed = speed
    }
}
