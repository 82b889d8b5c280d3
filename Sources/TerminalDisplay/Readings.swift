import PacerWorkout

/// What the sensors have said in a session: the fresh values now, and every channel heard from
/// (one heard from that is no longer fresh, a sensor that dropped, shows `–`).
public struct Readings: Equatable, Sendable {
    public var fresh: MeasuredValues
    public var heard: Set<MeasuredChannel>

    public init(fresh: MeasuredValues = MeasuredValues(), heard: Set<MeasuredChannel> = []) {
        self.fresh = fresh
        self.heard = heard
    }

    /// Takes the fresh values of a moment, adding their channels to those heard.
    public mutating func take(_ values: MeasuredValues) {
        fresh = values
        heard.formUnion(values.channels)
    }
}
