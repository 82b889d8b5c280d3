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

    /// FIT's sport and sub-sport numbers.
    var fit: (sport: UInt8, subSport: UInt8) {
        switch self {
        case .indoorCycling: (2, 6)
        case .treadmillRunning: (1, 1)
        case .strength: (10, 20)
        case .hiit: (62, 70)
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
