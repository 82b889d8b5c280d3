import PacerFoundation
import PacerWorkout

/// How a session ended.
public enum SessionOutcome: String, Sendable {
    case completed, quit, aborted
}

/// How a phase ended: run to its end (or `done`), cut short by the user, or cut off by its
/// round's window (an EMOM) running out.
public enum PhaseOutcome: String, Sendable {
    case completed, skipped, timeout
}

/// One thing the timer did, as every sink receives it (event stream version 1).
///
/// Each payload case carries a named struct, so a field added later breaks no sink. Phase
/// indices are 0-based here, as everywhere inside Pacer; only the wire format (`jsonLine`) and
/// what people read count from 1.
public struct Event: Sendable {
    /// When the event happened.
    public var t: Instant
    /// When a scheduled event was meant to happen.
    public var due: Instant?
    public var payload: Payload
    /// Where the current phase's clock stands at `t`, on the events that change it (pause,
    /// resume, extend): what a consumer would otherwise work out from the events before.
    public var clock: PhaseClock?

    public init(t: Instant, due: Instant? = nil, _ payload: Payload, clock: PhaseClock? = nil) {
        self.t = t
        self.due = due
        self.payload = payload
        self.clock = clock
    }

    /// The clock of the phase running: the time spent in it and the time left.
    public struct PhaseClock: Sendable, Equatable {
        /// 0-based.
        public var index: Int
        /// Time spent in the phase, pauses excluded.
        public var elapsed: WorkoutDuration
        /// Time left: the phase's length now (extensions included) less `elapsed`; nil for a step
        /// without an end of its own (a rep step without a cap, an open step).
        public var remaining: WorkoutDuration?

        public init(index: Int, elapsed: WorkoutDuration, remaining: WorkoutDuration?) {
            self.index = index
            self.elapsed = elapsed
            self.remaining = remaining
        }
    }

    /// What happened, with the fields of its event type.
    public enum Payload: Sendable {
        case sessionStart(SessionStart)
        case phaseStart(PhaseStart)
        case countdown(Countdown)
        case cue(CueCall)
        case phaseEnd(PhaseEnd)
        case pause
        case resume
        case extend(Extension)
        case back(Jump)
        case restart(Jump)
        case blockEnd(BlockEnd)
        case sample(Sample)
        case sessionEnd(SessionEnd)
    }

    /// Once a second of session time while a sensor is heard from: the values still current.
    public struct Sample: Sendable, Equatable {
        /// The phase running, 0-based.
        public var index: Int
        /// Session time at the sample, pauses excluded: a whole number of seconds.
        public var active: WorkoutDuration
        /// The fresh channels only.
        public var values: MeasuredValues
        /// Where each value stands against the phase's target at the sample, for the channels it has one for.
        public var standing: [MeasuredChannel: TargetStanding]

        public init(index: Int, active: WorkoutDuration, values: MeasuredValues, standing: [MeasuredChannel: TargetStanding] = [:]) {
            self.index = index
            self.active = active
            self.values = values
            self.standing = standing
        }
    }

    /// An AMRAP, an open repeat or a block with a time cap is over: its time passed, the user ended
    /// it (an open repeat), or (a capped block) it was done first.
    public struct BlockEnd: Sendable, Equatable {
        public var kind: TimeLimitedBlock.Kind
        /// The block's time: the AMRAP's, or the cap; nil for an open repeat.
        public var length: WorkoutDuration?
        /// For an AMRAP or open repeat: the rounds completed, a round with a skipped step not counting.
        public var rounds: Int?
        /// The steps completed in the round that was not finished (an AMRAP), or in the whole block
        /// (a capped one), not counting a step cut off or skipped.
        public var steps: Int
        /// The steps skipped in the whole block.
        public var skipped: Int
        /// How long the block took, pauses excluded.
        public var active: WorkoutDuration
        /// Whether its time ran out (always, for an AMRAP).
        public var capped: Bool

        public init(
            kind: TimeLimitedBlock.Kind, length: WorkoutDuration?, rounds: Int?, steps: Int, skipped: Int, active: WorkoutDuration,
            capped: Bool
        ) {
            self.kind = kind
            self.length = length
            self.rounds = rounds
            self.steps = steps
            self.skipped = skipped
            self.active = active
            self.capped = capped
        }
    }

    /// The session begins.
    public struct SessionStart: Sendable {
        public var workout: String
        public var file: String
        public var phases: Int
        /// The planned time of the timed phases (rep steps excluded).
        public var planned: WorkoutDuration
        /// The local start time.
        public var wall: WallTime
        public var speed: Double
        /// How many of the last seconds of every timed phase are counted down (the workout's `countdown`).
        public var countdown: Int
        /// The plan run, for the `profile` field (nil: no profile).
        public var plan: Plan?

        public init(
            workout: String, file: String, phases: Int, planned: WorkoutDuration, wall: WallTime, speed: Double, countdown: Int = 3,
            plan: Plan? = nil
        ) {
            self.workout = workout
            self.file = file
            self.plan = plan
            self.phases = phases
            self.planned = planned
            self.wall = wall
            self.speed = speed
            self.countdown = countdown
        }
    }

    /// A phase begins.
    public struct PhaseStart: Sendable {
        /// 0-based.
        public var index: Int
        public var count: Int
        public var phase: Phase
        /// The phase after this one, if any.
        public var next: Phase?
        /// The planned time of the phases after this one (rep steps excluded).
        public var plannedAfter: WorkoutDuration

        public init(index: Int, count: Int, phase: Phase, next: Phase?, plannedAfter: WorkoutDuration = .zero) {
            self.index = index
            self.count = count
            self.phase = phase
            self.next = next
            self.plannedAfter = plannedAfter
        }
    }

    /// One of the last seconds of a timed phase.
    public struct Countdown: Sendable {
        public var index: Int
        /// 3, 2, 1.
        public var remaining: Int

        public init(index: Int, remaining: Int) {
            self.index = index
            self.remaining = remaining
        }
    }

    /// A timed cue, or the halfway call.
    public struct CueCall: Sendable {
        public var index: Int
        public var text: String
        /// Whether this is the halfway call rather than a cue from the workout.
        public var isHalfway: Bool

        public init(index: Int, text: String, isHalfway: Bool = false) {
            self.index = index
            self.text = text
            self.isHalfway = isHalfway
        }
    }

    /// A phase ends, run to its end or cut short.
    public struct PhaseEnd: Sendable {
        public var index: Int
        /// The phase that ended.
        public var phase: Phase
        public var outcome: PhaseOutcome
        /// Time spent in the phase, pauses excluded.
        public var active: WorkoutDuration
        /// For a rep step finished with `done`: what was logged.
        public var reps: Int?
        public var weight: Weight?
        /// What the sensors measured during the phase (empty when nothing was).
        public var measured: MeasuredSummary

        public init(
            index: Int, phase: Phase, outcome: PhaseOutcome, active: WorkoutDuration, reps: Int? = nil, weight: Weight? = nil,
            measured: MeasuredSummary = MeasuredSummary()
        ) {
            self.index = index
            self.phase = phase
            self.outcome = outcome
            self.active = active
            self.reps = reps
            self.weight = weight
            self.measured = measured
        }
    }

    /// The current phase was lengthened (positive) or shortened (negative).
    public struct Extension: Sendable {
        public var index: Int
        public var by: WorkoutDuration

        public init(index: Int, by: WorkoutDuration) {
            self.index = index
            self.by = by
        }
    }

    /// The session went back to a phase (`back`) or began the current one again (`restart`).
    public struct Jump: Sendable {
        /// The phase now running.
        public var index: Int

        public init(index: Int) {
            self.index = index
        }
    }

    /// The session is over.
    public struct SessionEnd: Sendable {
        public var outcome: SessionOutcome
        public var active: WorkoutDuration
        public var paused: WorkoutDuration
        /// The local end time.
        public var wall: WallTime
        /// What happened in the session, as the engine counted it.
        public var summary: SessionSummary
        /// What the sensors measured over the whole session (empty when nothing was).
        public var measured: MeasuredSummary

        public init(
            outcome: SessionOutcome, active: WorkoutDuration, paused: WorkoutDuration, wall: WallTime,
            summary: SessionSummary = SessionSummary(),
            measured: MeasuredSummary = MeasuredSummary()
        ) {
            self.outcome = outcome
            self.active = active
            self.paused = paused
            self.wall = wall
            self.summary = summary
            self.measured = measured
        }
    }
}
