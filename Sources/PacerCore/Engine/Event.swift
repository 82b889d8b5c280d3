/// A point on the session's clock: real nanoseconds since the session started, on the monotonic clock.
public typealias Instant = Int64

/// How a session ended.
public enum SessionOutcome: String, Sendable {
    case completed, quit, aborted
}

/// How a phase ended.
public enum PhaseOutcome: String, Sendable {
    case completed, skipped
}

/// One thing the timer did, as every sink receives it (event stream version 1).
public struct Event: Sendable {
    /// When the event happened.
    public var t: Instant
    /// When a scheduled event was meant to happen.
    public var due: Instant?
    public var payload: Payload

    public init(t: Instant, due: Instant? = nil, _ payload: Payload) {
        self.t = t
        self.due = due
        self.payload = payload
    }

    /// What happened, with the fields of its event type.
    public enum Payload: Sendable {
        case sessionStart(workout: String, file: String, phases: Int, planned: WorkoutDuration, wall: String, speed: Double)
        case phaseStart(index: Int, count: Int, phase: Phase, next: String?)
        case countdown(index: Int, remaining: Int)
        case cue(index: Int, text: String)
        case phaseEnd(index: Int, outcome: PhaseOutcome, active: WorkoutDuration, reps: Int?, weight: Weight?)
        case pause
        case resume
        case extend(index: Int, by: WorkoutDuration)
        case back(index: Int)
        case restart(index: Int)
        case sessionEnd(outcome: SessionOutcome, active: WorkoutDuration, paused: WorkoutDuration, wall: String)
    }

    /// The event's type as the stream names it: `phase.start`, `countdown`, …
    public var name: String {
        switch payload {
        case .sessionStart: "session.start"
        case .phaseStart: "phase.start"
        case .countdown: "countdown"
        case .cue: "cue"
        case .phaseEnd: "phase.end"
        case .pause: "pause"
        case .resume: "resume"
        case .extend: "extend"
        case .back: "back"
        case .restart: "restart"
        case .sessionEnd: "session.end"
        }
    }
}
