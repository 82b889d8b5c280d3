import PacerFoundation

/// A workout as its file describes it, decoded and validated.
public struct Workout: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var tags: [String]
    /// How many of the last seconds of each timed phase are counted down (0…10).
    public var countdown: Int
    /// Whether the halfway point of each work phase of 10 s or more is announced.
    public var halfway: Bool
    public var steps: [Step]

    public init(
        name: String, description: String? = nil, tags: [String] = [], countdown: Int = 3,
        halfway: Bool = false, steps: [Step]
    ) {
        self.name = name
        self.description = description
        self.tags = tags
        self.countdown = countdown
        self.halfway = halfway
        self.steps = steps
    }
}

/// What a phase is for; it decides its colour, its sound and how it is counted.
public enum PhaseKind: String, Sendable, CaseIterable {
    case work, rest, prepare, warmup, cooldown, reps

    /// The kinds a timed step may have, in the order the format lists them.
    public static let timed: [PhaseKind] = [.work, .rest, .prepare, .warmup, .cooldown]

    /// The name a phase gets when its step gives none: the kind, capitalised.
    public var defaultName: String {
        switch self {
        case .work: "Work"
        case .rest: "Rest"
        case .prepare: "Prepare"
        case .warmup: "Warmup"
        case .cooldown: "Cooldown"
        case .reps: "Reps"
        }
    }
}

/// A line of coaching text announced a set time after its phase starts.
public struct Cue: Sendable, Equatable {
    public var at: WorkoutDuration
    public var text: String

    public init(at: WorkoutDuration, text: String) {
        self.at = at
        self.text = text
    }
}

/// When a cue of a workout file is announced: after the phase starts, at a share of it, or before its end.
public enum CueTime: Sendable, Equatable {
    /// `"15s"`: this long after the start.
    case afterStart(WorkoutDuration)
    /// `"50%"`: this share of the phase, from 0 to 1 (both excluded).
    case share(Double)
    /// `"-10s"`: this long before the end.
    case beforeEnd(WorkoutDuration)

    /// The offset into a phase of `length` (nil for a step without an end, where only `afterStart` is allowed).
    public func offset(in length: WorkoutDuration?) -> WorkoutDuration {
        switch self {
        case .afterStart(let offset): offset
        case .share(let share): WorkoutDuration(milliseconds: Int64((Double((length ?? .zero).milliseconds) * share).rounded()))
        case .beforeEnd(let before): (length ?? .zero) - before
        }
    }
}

/// A timed cue as a workout file writes it; the plan turns it into a `Cue` at an offset.
public struct WrittenCue: Sendable, Equatable {
    public var at: CueTime
    public var text: String
    /// The one round of the innermost repeat the cue is said in (counted from 1); nil: every round.
    public var round: Int?

    public init(at: CueTime, text: String, round: Int? = nil) {
        self.at = at
        self.text = text
        self.round = round
    }
}

/// The load of a rep step, as written: a number (`60`) or a text (`"20 kg"`).
public enum Weight: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case text(String)

    public var description: String {
        switch self {
        case .number(let value): JSONText.number(value)
        case .text(let text): text
        }
    }
}

/// One entry of a workout's `steps`: a phase, a rep step, or a group that expands into many.
public indirect enum Step: Sendable, Equatable {
    case timed(TimedStep)
    case reps(RepStep)
    case repeated(RepeatStep)
    case circuit(CircuitStep)
    case emom(EMOMStep)
    case amrap(AMRAPStep)
}

/// Steps repeated, round after round, until a time has passed (as many rounds as possible), or,
/// with no time, until the user ends the block (an open repeat, `{"repeat": "open", …}`).
public struct AMRAPStep: Sendable, Equatable {
    /// How long the block lasts; nil for an open repeat, which lasts until the user ends it.
    public var length: WorkoutDuration?
    public var steps: [Step]
    public var name: String?

    public init(length: WorkoutDuration?, steps: [Step], name: String? = nil) {
        self.length = length
        self.steps = steps
        self.name = name
    }
}

/// Rounds that start on a fixed beat whatever the user does (`{"every": "1m", "rounds": 10, …}`):
/// each round's steps, then a rest for what is left of its window.
public struct EMOMStep: Sendable, Equatable {
    /// The length of each round's window.
    public var every: WorkoutDuration
    public var rounds: Int
    /// Timed and rep steps only.
    public var steps: [Step]
    public var name: String?

    public init(every: WorkoutDuration, rounds: Int, steps: [Step], name: String? = nil) {
        self.every = every
        self.rounds = rounds
        self.steps = steps
        self.name = name
    }

    /// The planned time of the timed steps of a round, counted from 1.
    public func timedLength(inRound round: Int) -> WorkoutDuration {
        steps.reduce(WorkoutDuration.zero) { total, step in
            guard case .timed(let timed) = step, let duration = timed.duration else { return total }
            return total + duration.value(inRound: round)
        }
    }

    /// Whether a round needs a rest to fill its window: when a step is ended by the user, or the
    /// timed steps leave time over.
    public func fillsWindow(inRound round: Int) -> Bool {
        timedLength(inRound: round) < every
            || steps.contains { step in
                if case .timed(let timed) = step { timed.duration == nil } else { true }
            }
    }
}

/// A phase that counts down a fixed duration (which may differ from round to round), or an open one
/// that counts up until the user says `done`.
public struct TimedStep: Sendable, Equatable {
    public var kind: PhaseKind
    /// Nil for an open step (`"work": "open"`).
    public var duration: PerRound<WorkoutDuration>?
    /// For an open step: the time to beat, announced when it passes.
    public var target: WorkoutDuration?
    /// A distance to cover, as a label (`"400 m"`): shown and spoken, never turned into time.
    public var distance: PerRound<String>?
    public var name: PerRound<String>?
    public var cue: PerRound<String>?
    public var cues: [WrittenCue]
    /// The exercise, when the step names it apart from its label.
    public var exercise: PerRound<String>?
    /// The step's own `halfway`, over the workout's.
    public var halfway: Bool?
    /// How hard: power, heart rate, pace and cadence, each where set.
    public var targets: WrittenTargets

    public init(
        kind: PhaseKind, duration: PerRound<WorkoutDuration>?, name: PerRound<String>? = nil, cue: PerRound<String>? = nil,
        cues: [WrittenCue] = [],
        exercise: PerRound<String>? = nil, halfway: Bool? = nil, target: WorkoutDuration? = nil, distance: PerRound<String>? = nil,
        targets: WrittenTargets = WrittenTargets()
    ) {
        self.targets = targets
        self.exercise = exercise
        self.target = target
        self.distance = distance
        self.halfway = halfway
        self.kind = kind
        self.duration = duration
        self.name = name
        self.cue = cue
        self.cues = cues
    }
}

/// An untimed set of repetitions that counts up until the user says `done` (or its cap passes).
public struct RepStep: Sendable, Equatable {
    public var reps: PerRound<Int>
    public var name: PerRound<String>
    public var weight: PerRound<Weight>?
    public var cue: PerRound<String>?
    public var cap: WorkoutDuration?
    public var cues: [WrittenCue]
    /// The exercise, when the step names it apart from its label.
    public var exercise: PerRound<String>?

    public init(
        reps: PerRound<Int>, name: PerRound<String>, weight: PerRound<Weight>? = nil, cue: PerRound<String>? = nil,
        cap: WorkoutDuration? = nil, cues: [WrittenCue] = [], exercise: PerRound<String>? = nil
    ) {
        self.exercise = exercise
        self.reps = reps
        self.name = name
        self.weight = weight
        self.cue = cue
        self.cap = cap
        self.cues = cues
    }
}

/// Steps run a number of times (a `repeat`) or once per item (a `for`), optionally with a rest between rounds.
public struct RepeatStep: Sendable, Equatable {
    public var count: Int
    public var steps: [Step]
    public var name: String?
    public var restBetweenRounds: WorkoutDuration?
    /// For a `for`: the items, one per round, that `{item}` stands for (`count` is their number).
    public var items: [String]?
    /// "For time": the block ends when this has passed, wherever it is.
    public var timeCap: WorkoutDuration?

    public init(
        count: Int, steps: [Step], name: String? = nil, restBetweenRounds: WorkoutDuration? = nil, items: [String]? = nil,
        timeCap: WorkoutDuration? = nil
    ) {
        self.timeCap = timeCap
        self.count = count
        self.steps = steps
        self.name = name
        self.restBetweenRounds = restBetweenRounds
        self.items = items
    }
}

/// Exercises each worked for the same time, separated by rests, for some rounds.
public struct CircuitStep: Sendable, Equatable {
    public var exercises: [Exercise]
    public var work: WorkoutDuration
    public var rest: WorkoutDuration?
    public var rounds: Int
    public var restBetweenRounds: WorkoutDuration?

    public init(
        exercises: [Exercise], work: WorkoutDuration, rest: WorkoutDuration? = nil, rounds: Int = 1,
        restBetweenRounds: WorkoutDuration? = nil
    ) {
        self.exercises = exercises
        self.work = work
        self.rest = rest
        self.rounds = rounds
        self.restBetweenRounds = restBetweenRounds
    }
}

/// One exercise of a circuit, with what it overrides.
public struct Exercise: Sendable, Equatable {
    public var name: String
    public var work: WorkoutDuration?
    public var cue: String?
    public var cues: [WrittenCue]
    /// The exercise, when it is named apart from the label.
    public var exercise: String?
    /// The exercise's own `halfway`, over the workout's.
    public var halfway: Bool?
    /// How hard: power, heart rate, pace and cadence, each where set.
    public var targets: WrittenTargets

    public init(
        name: String, work: WorkoutDuration? = nil, cue: String? = nil, cues: [WrittenCue] = [], exercise: String? = nil,
        halfway: Bool? = nil,
        targets: WrittenTargets = WrittenTargets()
    ) {
        self.targets = targets
        self.exercise = exercise
        self.halfway = halfway
        self.name = name
        self.work = work
        self.cue = cue
        self.cues = cues
    }
}
