import PacerWorkout

/// What was measured over some of an activity's records: each channel's average and maximum, the
/// distance covered, and the power's normalised power and work.
struct ActivityStatistics {
    /// One channel's sum, count and maximum over the records that have it.
    struct Channel {
        var count = 0
        var sum = 0.0
        var maximum = 0.0

        mutating func add(_ value: Double?) {
            guard let value else { return }
            count += 1
            sum += value
            maximum = max(maximum, value)
        }

        /// The average, nil when the channel was never measured.
        var average: Double? { count > 0 ? sum / Double(count) : nil }
        /// The maximum, nil when the channel was never measured.
        var highest: Double? { count > 0 ? maximum : nil }
    }

    var power = Channel()
    var heartRate = Channel()
    var cadence = Channel()
    var speed = Channel()
    /// Metres covered, nil when distance was never measured.
    var distance: Double?
    /// Normalised power, nil without power.
    var normalizedPower: Double?

    /// Over `records`; `before` is the total distance measured before them, if any.
    init(_ records: ArraySlice<ActivityRecord>, distanceBefore before: Double?) {
        var powers: [Double] = []
        var lastDistance: Double?
        for record in records {
            power.add(record.power)
            heartRate.add(record.heartRate)
            cadence.add(record.cadence)
            speed.add(record.speed)
            if let power = record.power { powers.append(power) }
            if let distance = record.distance { lastDistance = distance }
        }
        distance = lastDistance.map { max(0, $0 - (before ?? 0)) }
        normalizedPower = NormalizedPower.of(powers)
    }

    /// Work in joules: each power sample is one second; nil without power.
    var work: Double? { power.count > 0 ? power.sum : nil }

    /// Kilocalories, taken as the work in kilojoules (a rider turns about a quarter of the energy
    /// burnt into work, and a kilocalorie is about four kilojoules); nil without power.
    var calories: Double? { work.map { $0 / 1000 } }

    /// The intensity factor against `threshold` watts: normalised power over FTP.
    func intensityFactor(threshold: Double?) -> Double? {
        normalizedPower.flatMap { TrainingStress.intensityFactor(normalizedPower: $0, ftp: threshold) }
    }

    /// Coggan's training stress score: seconds × NP × IF / (FTP × 3600) × 100, over the seconds
    /// power was measured.
    func trainingStressScore(threshold: Double?) -> Double? {
        intensityFactor(threshold: threshold).map { TrainingStress.score(seconds: Double(power.count), intensityFactor: $0) }
    }
}
