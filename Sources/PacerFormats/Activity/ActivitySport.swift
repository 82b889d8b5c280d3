/// What an activity was, as the logbooks file it.
public enum ActivitySport: String, Sendable, CaseIterable {
    /// On a trainer: a workout with power targets.
    case indoorCycling = "indoor cycling"
    /// On a treadmill: a workout with pace targets.
    case treadmillRunning = "treadmill running"
    /// Sets of reps.
    case strength
    /// Timed work and rest with no power or pace: a Tabata, a 7-minute workout.
    case hiit

    /// FIT's sport and sub-sport.
    var fit: (sport: FITProfile.Sport, subSport: FITProfile.SubSport) {
        switch self {
        case .indoorCycling: (.cycling, .indoorCycling)
        case .treadmillRunning: (.running, .treadmill)
        case .strength: (.training, .strengthTraining)
        case .hiit: (.hiit, .hiit)
        }
    }

    /// TCX's sport: Biking, Running or Other.
    var tcx: String {
        switch self {
        case .indoorCycling: "Biking"
        case .treadmillRunning: "Running"
        case .strength, .hiit: "Other"
        }
    }
}
