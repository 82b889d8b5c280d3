import PacerCore

/// One exercise's progress: its best set per day, by estimated one-rep max.
public struct StrengthCurve: Sendable, Equatable {
    /// A day's best set.
    public struct Point: Sendable, Equatable {
        public let day: CalendarDay
        public let reps: Int
        public let weight: Double
        public let unit: String?
        /// Epley's estimated one-rep max of the set.
        public let e1rm: Double
    }

    public let name: String
    /// Sets in different units make different curves.
    public let unit: String?
    /// One per day with a set, oldest first.
    public let points: [Point]

    /// The highest point; the latest of equals.
    public var best: Point? { points.max { $0.e1rm < $1.e1rm || $0.e1rm == $1.e1rm && $0.day < $1.day } }

    /// A curve per exercise and unit; `dayOfSession` places each set on its session's local day.
    static func curves(of sets: [StrengthSet], dayOfSession: [Int64: CalendarDay]) -> [StrengthCurve] {
        struct Key: Hashable {
            let curve: CurveKey
            let day: CalendarDay
        }
        var best: [Key: StrengthSet] = [:]
        for set in sets {
            guard let day = dayOfSession[set.session] else { continue }
            let key = Key(curve: CurveKey(name: set.exercise, unit: set.unit), day: day)
            if let current = best[key], !set.beats(current) { continue }
            best[key] = set
        }
        let grouped = Dictionary(grouping: best) { $0.key.curve }
        return grouped.map { key, entries in
            StrengthCurve(name: key.name, unit: key.unit, points: entries.map { entry in
                Point(day: entry.key.day, reps: entry.value.reps, weight: entry.value.weight, unit: entry.value.unit,
                      e1rm: entry.value.estimatedOneRepMax)
            }.sorted { $0.day < $1.day })
        }.sorted { ($0.name, $0.unit ?? "") < ($1.name, $1.unit ?? "") }
    }

    private struct CurveKey: Hashable {
        let name: String
        let unit: String?
    }
}

extension StrengthSet {
    /// Whether this set is better than `other`: a higher estimated one-rep max, or the heavier of equals.
    func beats(_ other: StrengthSet) -> Bool {
        (estimatedOneRepMax, weight) > (other.estimatedOneRepMax, other.weight)
    }
}
