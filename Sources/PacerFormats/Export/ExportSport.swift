import PacerWorkout

/// The sport a workout is for, as the formats that name one write it (FIT's `sport`, Zwift's
/// `sportType`): from its tags (a file's own sport comes back as one), else from the words of its
/// name, else from its targets (a pace is a run, or a swim per 100 m; power is a ride).
enum ExportSport: Equatable {
    case running, cycling, swimming, walking, rowing, strength, hiit, other

    /// The words that say each sport, in the order they are looked for: the endurance sports
    /// first, so a "run" tagged "intervals" stays a run.
    private static let words: [(ExportSport, Set<String>)] = [
        (.running, ["run", "running", "jog", "jogging", "trail"]),
        (.cycling, ["bike", "biking", "cycling", "cycle", "ride", "riding", "mtb", "zwift"]),
        (.swimming, ["swim", "swimming", "pool"]),
        (.walking, ["walk", "walking", "hike", "hiking"]),
        (.rowing, ["row", "rowing"]),
        (.hiit, ["hiit", "tabata", "emom", "amrap", "circuit", "conditioning", "cardio", "crossfit", "for-time", "bodyweight"]),
        (.strength, ["strength", "barbell", "weights", "kettlebell", "dumbbell", "lifting", "powerlifting"]),
    ]

    init(of workout: Workout, steps: [ExportStep]) {
        let tags = Set(workout.tags.map { $0.lowercased() })
        let nameWords = Set(workout.name.lowercased().split { !$0.isLetter && $0 != "-" }.map(String.init))
        if let (sport, _) = Self.words.first(where: { !$0.1.isDisjoint(with: tags) })
            ?? Self.words.first(where: { !$0.1.isDisjoint(with: nameWords) })
        {
            self = sport
        } else if steps.contains(where: { $0.targets.pace?.unit == .per100Metres }) {
            self = .swimming
        } else if steps.contains(where: { $0.targets.pace != nil }) {
            self = .running
        } else if steps.contains(where: { $0.targets.power != nil }) {
            self = .cycling
        } else {
            self = .other
        }
    }
}
