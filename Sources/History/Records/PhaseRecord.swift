import PacerEngine
import PacerFoundation
import PacerWorkout

/// One phase as it ended (from its `phase.start` and `phase.end`), with what was logged for a rep step.
public struct PhaseRecord: Sendable, Equatable {
    /// 1-based, as in the event stream; a phase run again after `back` is recorded again.
    public var index: Int
    public var kind: PhaseKind
    public var name: String
    /// What was trained (the phase's `exercise`), for statistics; nil for rests and the like.
    public var exercise: String?
    /// The planned duration; nil for a rep step.
    public var planned: WorkoutDuration?
    /// Time spent in the phase, pauses excluded.
    public var active: WorkoutDuration
    public var outcome: PhaseOutcome
    /// Reps done, for a rep step finished with `done`.
    public var reps: Int?
    public var weight: LoggedWeight?
    /// An open step (`"work": "open"`): it counted up until `done`, and `active` is the time taken.
    public var isOpen: Bool
    /// The distance the step covers, as written (`"400 m"`); a label, never a time.
    public var distance: String?
    /// What the phase aimed at, as the session ran it (this round's values); empty for none.
    public var targets: Targets
    /// When it started, in real seconds from the session's start (its `phase.start`'s `t`); nil
    /// for a phase recorded before schema 8.
    public var started: Double?
    /// What was measured over it; nil when nothing was.
    public var measured: MeasuredRecord?

    public init(
        index: Int, kind: PhaseKind, name: String, exercise: String?, planned: WorkoutDuration?, active: WorkoutDuration,
        outcome: PhaseOutcome, reps: Int? = nil, weight: LoggedWeight? = nil, isOpen: Bool = false, distance: String? = nil,
        targets: Targets = Targets(), started: Double? = nil, measured: MeasuredRecord? = nil
    ) {
        self.index = index
        self.kind = kind
        self.name = name
        self.exercise = exercise
        self.planned = planned
        self.active = active
        self.outcome = outcome
        self.reps = reps
        self.weight = weight
        self.isOpen = isOpen
        self.distance = distance
        self.targets = targets
        self.started = started
        self.measured = measured
    }
}
