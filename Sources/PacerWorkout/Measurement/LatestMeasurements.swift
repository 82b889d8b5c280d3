import PacerFoundation

/// The latest value of each channel and when it came: what a session knows of the athlete now.
public struct LatestMeasurements: Sendable {
    /// How long a value stays current: a sensor silent for longer has dropped.
    public static let freshness = Duration.seconds(3)

    private var readings: [MeasuredChannel: (value: Double, at: Instant)] = [:]

    public init() {}

    /// Keeps `values` as the latest, received at `now`.
    public mutating func take(_ values: MeasuredValues, at now: Instant) {
        for channel in values.channels {
            if let value = values[channel] { readings[channel] = (value, now) }
        }
    }

    /// The values still current at `now`: received no more than `freshness` before it.
    public func fresh(at now: Instant) -> MeasuredValues {
        var values = MeasuredValues()
        for (channel, reading) in readings where reading.at <= now && now - reading.at <= Self.freshness {
            values[channel] = reading.value
        }
        return values
    }

    /// The last instant at which some value is still current, nil when none was ever received.
    public var freshUntil: Instant? {
        readings.values.map { $0.at + Self.freshness }.max()
    }
}
