/// A quantity a sensor measures; the raw value is its key on the wire and at the prompt.
public enum MeasuredChannel: String, CaseIterable, Sendable, Hashable {
    case power, heartRate = "heart_rate", cadence, speed, distance
}

/// The values of some channels at one moment (W, bpm, rpm, m/s, m).
public struct MeasuredValues: Sendable, Equatable {
    private var values: [MeasuredChannel: Double]

    public init(_ values: [MeasuredChannel: Double] = [:]) {
        self.values = values
    }

    public subscript(_ channel: MeasuredChannel) -> Double? {
        get { values[channel] }
        set { values[channel] = newValue }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The channels present, in MeasuredChannel.allCases order.
    public var channels: [MeasuredChannel] { MeasuredChannel.allCases.filter { values[$0] != nil } }
}
