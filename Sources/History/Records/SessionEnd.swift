import PacerCore

/// What the history records when a session ends (from `session.end`).
public struct SessionEnd: Sendable {
    public var ended: WallTime
    public var outcome: SessionOutcome
    public var active: WorkoutDuration
    public var paused: WorkoutDuration

    public init(ended: WallTime, outcome: SessionOutcome, active: WorkoutDuration, paused: WorkoutDuration) {
        self.ended = ended
        self.outcome = outcome
        self.active = active
        self.paused = paused
    }
}
