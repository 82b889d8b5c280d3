import PacerEngine
import PacerFoundation
import PacerWeekPlan

/// A session in the few fields statistics need.
public struct SessionOverview: Sendable {
    public var id: Int64
    public var workout: String
    /// The workout file's path, as `SessionRecord.file`.
    public var file: String
    public var started: WallTime
    public var active: WorkoutDuration
    /// Nil for a session whose end was never written.
    public var outcome: SessionOutcome?
    /// Whether it is still running: no end yet, and its recording process alive.
    public var isRunning: Bool
    /// Its training stress; nil when neither its power nor its plan gives one.
    public var stress: SessionStress?

    public init(
        id: Int64, workout: String, file: String = "", started: WallTime, active: WorkoutDuration, outcome: SessionOutcome?,
        isRunning: Bool = false, stress: SessionStress? = nil
    ) {
        self.id = id
        self.workout = workout
        self.file = file
        self.started = started
        self.active = active
        self.outcome = outcome
        self.isRunning = isRunning
        self.stress = stress
    }

    /// The local calendar day the session started on, by the offset in force then.
    public var day: CalendarDay { started.localDay }

    /// `completed`, `quit`, `aborted`; with no end written, `running` or `interrupted`.
    public var outcomeText: String { Self.outcomeText(outcome, isRunning: isRunning) }

    /// How a session ended as the history says it: its outcome, or with none written, `running`
    /// while its recorder runs, else `interrupted`.
    static func outcomeText(_ outcome: SessionOutcome?, isRunning: Bool) -> String {
        outcome?.rawValue ?? (isRunning ? "running" : "interrupted")
    }

    /// The session as the week plan counts it: on the local day and at the time it started.
    public var planSession: PlanSession {
        PlanSession(id: id, workout: workout, file: file, day: day, time: started.timeOfDay, outcome: outcomeText)
    }
}
