import PacerFoundation

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
        self.unit = unit
        // One pass: the readings of the seven days up to each day are a window sliding over them.
        var points: [Point] = []
        var start = 0
        var windowSum = 0.0
        var index = 0
        while index < readings.count {
            let day = readings[index].day
            var end = index
            var daySum = 0.0
            while end < readings.count && readings[end].day == day {
                daySum += readings[end].value
                windowSum += readings[end].value
                end += 1
            }
            while readings[start].day.number <= day.number - 7 {
                windowSum -= readings[start].value
                start += 1
            }
            points.append(Point(day: day, weight: daySum / Double(end - index), average: windowSum / Double(end - start)))
            index = end
        }
        self.points = points
    }
}
