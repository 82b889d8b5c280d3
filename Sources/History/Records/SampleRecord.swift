import PacerWorkout

/// One `sample` event as the history keeps it: the values measured at a second of session time.
public struct SampleRecord: Sendable, Equatable {
    /// Real seconds from the session's start (the event's `t`).
    public var t: Double
    /// Session time in workout seconds, pauses excluded.
    public var active: Double
    /// The phase running, 0-based (as `Event.Sample.index`).
    public var phase: Int
    /// The fresh channels only.
    public var values: MeasuredValues

    public init(t: Double, active: Double, phase: Int, values: MeasuredValues) {
        self.t = t
        self.active = active
        self.phase = phase
        self.values = values
    }
}
