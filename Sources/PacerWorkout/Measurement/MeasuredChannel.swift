/// A quantity a sensor measures; the raw value is its key on the wire and at the prompt.
public enum MeasuredChannel: String, CaseIterable, Sendable, Hashable {
    /// Watts.
    case power
    /// Beats per minute.
    case heartRate = "heart_rate"
    /// Revolutions (or steps) per minute.
    case cadence
    /// Metres per second.
    case speed
    /// Metres covered since the sensor started counting.
    case distance

    /// The highest value a sensor can honestly report; anything above is refused as a fault.
    public var maximum: Double {
        switch self {
        case .power: 3000
        case .heartRate: 250
        case .cadence: 300
        case .speed: 50
        case .distance: 1_000_000
        }
    }

    /// The unit, as the prompt's messages give it.
    public var unit: String {
        switch self {
        case .power: "W"
        case .heartRate: "bpm"
        case .cadence: "rpm"
        case .speed: "m/s"
        case .distance: "m"
        }
    }

    /// How the channel is named to a person: `heart rate`.
    public var spokenName: String {
        switch self {
        case .heartRate: "heart rate"
        default: rawValue
        }
    }
}
