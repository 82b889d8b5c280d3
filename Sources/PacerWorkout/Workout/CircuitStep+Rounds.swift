import PacerFoundation

extension CircuitStep {
    /// A phase of one round of a circuit.
    public enum Part: Sendable {
        /// The rest between two exercises.
        case rest(WorkoutDuration)
        /// An exercise, worked for its own time or else the circuit's.
        case work(Exercise, WorkoutDuration)
    }

    /// One round as the circuit runs it, the one statement of its rule: each exercise in order,
    /// the circuit's `rest` between each two of them, nothing after the last.
    public var round: [Part] {
        var parts: [Part] = []
        for (position, exercise) in exercises.enumerated() {
            if position > 0, let rest { parts.append(.rest(rest)) }
            parts.append(.work(exercise, exercise.work ?? work))
        }
        return parts
    }

    /// The rest between consecutive rounds (never after the last): `rest_between_rounds`, or by
    /// default the rest between exercises.
    public var resolvedRestBetweenRounds: WorkoutDuration? {
        restBetweenRounds ?? rest
    }
}
