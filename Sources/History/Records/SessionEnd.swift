import PacerEngine
import PacerFoundation

/// What the history records when a session ends (from `session.end`).
public struct SessionEnd: Sendable {
    public var ended: WallTime
    public var outcome: SessionOutcome
    public var active: WorkoutDuration
    public var paused: WorkoutDuration
    /// The TSS of the power measured, with the session's FTP; nil without either.
    public var stress: Double?
    /// What was measured over the whole session; nil when nothing was.
    public var measured: MeasuredRecord?

    public init(
        ended: WallTime, outcome: SessionOutcome, active: WorkoutDuration, paused: WorkoutDuration, stress: Double? = nil,
        measured: MeasuredRecord? = nil
    ) {
        self.ended = ended
        self.outcome = outcome
        self.active = active
        self.paused = paused
        self.stress = stress
        self.measured = measured
    }
}
