import PacerFoundation
import PacerSystem

/// What the history records when a session starts (from `session.start`).
public struct SessionStart: Sendable {
    public var workout: String
    public var file: String
    public var started: WallTime
    /// The timed phases' planned total, rep steps excluded.
    public var planned: WorkoutDuration
    public var speed: Double
    /// The process recording the session, so readers can tell it is still running; nil: unknown.
    public var runner: ProcessIdentity?
    /// The athlete's FTP the session ran with, in watts; nil: unknown.
    public var ftp: Double?
    /// The TSS the plan's power targets ask for (`PlannedLoad`); nil when they give none.
    public var plannedStress: Double?

    public init(
        workout: String, file: String, started: WallTime, planned: WorkoutDuration, speed: Double,
        runner: ProcessIdentity? = nil, ftp: Double? = nil, plannedStress: Double? = nil
    ) {
        self.workout = workout
        self.file = file
        self.started = started
        self.planned = planned
        self.speed = speed
        self.runner = runner
        self.ftp = ftp
        self.plannedStress = plannedStress
    }
}
