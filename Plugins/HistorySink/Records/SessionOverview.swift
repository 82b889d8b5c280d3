import PacerCore

/// A session in the few fields statistics need.
public struct SessionOverview: Sendable {
    public var id: Int64
    public var workout: String
    public var started: WallTime
    public var active: WorkoutDuration
    /// Nil for a session whose end was never written.
    public var outcome: SessionOutcome?
    /// Whether it is still running: no end yet, and its recording process alive.
    public var isRunning: Bool

    public init(id: Int64, workout: String, started: WallTime, active: WorkoutDuration, outcome: SessionOutcome?,
                isRunning: Bool = false) {
        self.id = id
        self.workout = workout
        self.started = started
        self.active = active
        self.outcome = outcome
        self.isRunning = isRunning
    }

    /// The local calendar day the session started on, by the offset in force then.
    public var day: CalendarDay { started.localDay }
}
