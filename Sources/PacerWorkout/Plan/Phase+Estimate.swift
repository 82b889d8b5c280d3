import PacerFoundation

extension Phase {
    /// For an open step with a distance and a pace target: about how long it takes at that pace
    /// (the middle of a range), to the second, worked out with the thresholds the plan was made
    /// with (`1 km` at `5:00/km` is 5:00). Nil for any other step, for a pace that needs an
    /// unknown threshold or is open-ended (Z1, Z5), and past a step's longest (24 h).
    public var estimatedDuration: WorkoutDuration? {
        guard isOpen, let metres = distanceMetres,
            let seconds = targets.pace?.resolved(with: targets.thresholds)?.estimatedSeconds(over: metres),
            seconds.rounded() >= 1, seconds <= WorkoutDuration.maximumStep.seconds
        else { return nil }
        return .seconds(Int64(seconds.rounded()))
    }
}
