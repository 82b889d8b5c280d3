import PacerFoundation

/// One exercise and distance done as an open step: its best (shortest) time and its latest.
public struct OpenStepTimes: Sendable, Equatable {
    public let exercise: String
    /// Different distances of one exercise are different entries; nil for none given.
    public let distance: String?
    public let best: WorkoutDuration
    /// The time of the last effort in the history's order (by session start).
    public let latest: WorkoutDuration
    /// How many efforts were timed.
    public let count: Int

    /// An entry per exercise and distance, sorted by them; `efforts` oldest first.
    static func times(of efforts: [TimedEffort]) -> [OpenStepTimes] {
        let grouped = Dictionary(grouping: efforts) { Key(exercise: $0.exercise, distance: $0.distance) }
        return grouped.compactMap { key, efforts in
            guard let best = efforts.map(\.time).min(), let latest = efforts.last?.time else { return nil }
            return OpenStepTimes(exercise: key.exercise, distance: key.distance, best: best, latest: latest, count: efforts.count)
        }.sorted { ($0.exercise, $0.distance ?? "") < ($1.exercise, $1.distance ?? "") }
    }

    private struct Key: Hashable {
        let exercise: String
        let distance: String?
    }
}
