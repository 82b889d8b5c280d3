import PacerFoundation

/// A recorded session as the plan sees it: what ran, the local day and time it started on (by the
/// offset in force then, as the history counts days), and how it ended.
public struct PlanSession: Sendable, Equatable {
    public let id: Int64
    public let workout: String
    public let file: String
    public let day: CalendarDay
    public let time: TimeOfDay
    /// `completed`, `quit`, `aborted`, `running` or `interrupted`.
    public let outcome: String
    /// The file's name without its folder and `.json`, kept for matching it against the plan.
    let fileStem: String

    public init(id: Int64, workout: String, file: String, day: CalendarDay, time: TimeOfDay, outcome: String) {
        self.id = id
        self.workout = workout
        self.file = file
        self.day = day
        self.time = time
        self.outcome = outcome
        fileStem = PlannedWorkout.stem(of: file)
    }

    /// Whether the session ran `workout`.
    func ran(_ workout: PlannedWorkout) -> Bool {
        workout.matches(workout: self.workout, file: file, fileStem: fileStem)
    }
}
