import PacerFoundation

/// An open step ended with `done`: the time it took, what statistics of open steps are made of.
public struct TimedEffort: Sendable, Equatable {
    public var session: Int64
    /// The step's exercise (its name when it has none).
    public var exercise: String
    /// The distance as written (`"400 m"`), nil when the step gave none.
    public var distance: String?
    public var time: WorkoutDuration

    public init(session: Int64, exercise: String, distance: String?, time: WorkoutDuration) {
        self.session = session
        self.exercise = exercise
        self.distance = distance
        self.time = time
    }
}
