import PacerFoundation

/// The values of some channels at one moment, each in its channel's unit (W, bpm, rpm, m/s, m).
public struct MeasuredValues: Sendable, Equatable {
    private var values: [MeasuredChannel: Double]

    public init(_ values: [MeasuredChannel: Double] = [:]) {
        self.values = values
    }

    public subscript(_ channel: MeasuredChannel) -> Double? {
        get { values[channel] }
        set { values[channel] = newValue }
    }

    /// Whether no channel has a value.
    public var isEmpty: Bool { values.isEmpty }

    /// The channels present, in `MeasuredChannel.allCases` order.
    public var channels: [MeasuredChannel] { MeasuredChannel.allCases.filter { values[$0] != nil } }

    /// `power=243 heart_rate=151`: the values as the `measure` command writes them.
    public var commandArguments: String {
        channels.map { "\($0.rawValue)=\(JSONText.number(values[$0] ?? 0))" }.joined(separator: " ")
    }

    /// Adds each value as a field named by its channel, in channel order.
    public func add(to object: inout JSONObjectWriter) {
        for channel in channels {
            object.add(channel.rawValue, raw: JSONText.number(values[channel] ?? 0))
        }
    }
}
