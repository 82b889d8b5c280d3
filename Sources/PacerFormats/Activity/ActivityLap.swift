import PacerWorkout

/// One phase of an activity as it was run: when it started, how long it took, and for a strength
/// set the reps and weight.
public struct ActivityLap: Sendable, Equatable {
    /// How a lap ended: its time ran out, or the athlete ended it (`done`, `skip`, a quit).
    public enum Trigger: Sendable, Equatable {
        case time, manual
    }

    public var name: String
    public var kind: PhaseKind
    /// Seconds from the activity's start.
    public var start: Double
    /// Seconds from its start to its end, pauses included.
    public var elapsed: Double
    /// Seconds the timer ran in it: pauses excluded.
    public var timerTime: Double
    public var trigger: Trigger
    /// Reps done, for a rep step.
    public var reps: Int?
    /// The weight lifted, for a rep step logged with one.
    public var weight: ActivityWeight?

    public init(
        name: String, kind: PhaseKind, start: Double, elapsed: Double, timerTime: Double, trigger: Trigger,
        reps: Int? = nil, weight: ActivityWeight? = nil
    ) {
        self.name = name
        self.kind = kind
        self.start = start
        self.elapsed = elapsed
        self.timerTime = timerTime
        self.trigger = trigger
        self.reps = reps
        self.weight = weight
    }

    /// Seconds from the activity's start to the lap's end.
    public var end: Double { start + elapsed }

    /// A warm-up, work or rep lap is active; a rest, a prepare or a cool-down is resting.
    var isActive: Bool {
        switch kind {
        case .work, .reps, .warmup: true
        case .rest, .prepare, .cooldown: false
        }
    }
}

/// A weight lifted, in kilograms, and the unit it was logged in.
public struct ActivityWeight: Sendable, Equatable {
    public var kilograms: Double
    /// Logged in pounds (and shown so), else kilograms.
    public var inPounds: Bool

    public init(kilograms: Double, inPounds: Bool) {
        self.kilograms = kilograms
        self.inPounds = inPounds
    }

    /// Kilograms in a pound.
    public static let kilogramsPerPound = 0.45359237
}
