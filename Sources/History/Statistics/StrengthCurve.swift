import PacerFoundation

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
        var curveIndex: [CurveKey: Int] = [:]
        var bestByDay: [[CalendarDay: StrengthSet]] = []
        // Sets come session by session: a session's day is looked up once for all its sets.
        var session: (id: Int64, day: CalendarDay?)?
        for set in sets {
            if session?.id != set.session { session = (set.session, dayOfSession[set.session]) }
            guard let day = session?.day else { continue }
            let key = CurveKey(name: set.exercise, unit: set.unit)
            let curve = curveIndex[key] ?? bestByDay.count
            if curve == bestByDay.count {
                curveIndex[key] = curve
                bestByDay.append([:])
            }
            if let current = bestByDay[curve][day], !set.beats(current) { continue }
            bestByDay[curve][day] = set
        }
        return curveIndex.map { key, curve in
            StrengthCurve(
                name: key.name, unit: key.unit,
                points: bestByDay[curve].map { day, set in
                    Point(day: day, reps: set.reps, weight: set.weight, unit: set.unit, e1rm: set.estimatedOneRepMax)
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
