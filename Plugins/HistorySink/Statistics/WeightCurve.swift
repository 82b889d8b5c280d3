import PacerCore

/// Body weight over time as one curve in one unit, the latest reading's (readings in the other
/// unit are converted for it, and only for it): each day's reading and the average of the seven
/// days up to it.
public struct WeightCurve: Sendable, Equatable {
    /// A day with a reading.
    public struct Point: Sendable, Equatable {
        public let day: CalendarDay
        /// The day's reading (the mean of its readings, if it has several), in the curve's unit.
        public let weight: Double
        /// The mean of every reading of the seven days ending with this one.
        public let average: Double
    }

    public let unit: BodyWeight.Unit
    /// Oldest first.
    public let points: [Point]

    /// The curve of `weighIns` (in any order); nil when there are none.
    public init?(_ weighIns: [WeighIn]) {
        let sorted = weighIns.sorted { ($0.day, $0.id) < ($1.day, $1.id) }
        guard let unit = sorted.last?.weight.unit else { return nil }
        let readings = sorted.map { (day: $0.day, value: $0.weight.value(in: unit)) }
        let days = Dictionary(grouping: readings, by: \.day)
        self.unit = unit
        points = days.keys.sorted().map { day in
            let week = readings.filter { $0.day <= day && $0.day.number > day.number - 7 }
            return Point(day: day, weight: Self.mean(days[day]!.map(\.value)), average: Self.mean(week.map(\.value)))
        }
    }

    private static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }
}
