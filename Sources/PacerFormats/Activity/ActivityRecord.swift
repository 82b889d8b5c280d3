/// What was measured at one moment of an activity: any of power (W), heart rate (bpm), cadence
/// (rpm), speed (m/s) and distance (m, the total so far).
public struct ActivityRecord: Sendable, Equatable {
    /// Seconds from the activity's start, pauses included.
    public var time: Double
    public var power: Double?
    public var heartRate: Double?
    public var cadence: Double?
    public var speed: Double?
    public var distance: Double?

    public init(
        time: Double, power: Double? = nil, heartRate: Double? = nil, cadence: Double? = nil, speed: Double? = nil, distance: Double? = nil
    ) {
        self.time = time
        self.power = power
        self.heartRate = heartRate
        self.cadence = cadence
        self.speed = speed
        self.distance = distance
    }
}

/// A pause of an activity: from when the timer stopped to when it ran again, in seconds from the
/// start; no end when the session ended paused.
public struct ActivityPause: Sendable, Equatable {
    public var start: Double
    public var end: Double?

    public init(start: Double, end: Double?) {
        self.start = start
        self.end = end
    }

    /// Its length, an open pause lasting until `elapsed`.
    func length(endingBy elapsed: Double) -> Double {
        max(0, (end ?? elapsed) - start)
    }
}
