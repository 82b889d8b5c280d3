import PacerFoundation

/// One interval of a run: what to do, for how long, and where it sits in its rounds.
public struct Phase: Sendable, Equatable {
    public var kind: PhaseKind
    public var name: String
    /// How long the phase counts down; nil for a rep step or an open step, which count up until `done`.
    public var duration: WorkoutDuration?
    /// Whether this is an open timed step (`"work": "open"`): it counts up until `done` or `skip`.
    public var isOpen: Bool
    /// For an open step: the time to beat, announced when it passes.
    public var target: WorkoutDuration?
    /// A distance to cover, as written (`"400 m"`): a label.
    public var distance: String?
    /// How hard: power, heart rate, pace and cadence, where the step sets them.
    public var targets = Targets()

    /// The distance in metres, when its label reads as one (`"400 m"`, `"1.5 km"`, `"1 mi"`).
    public var distanceMetres: Double? {
        distance.flatMap(DistanceLabel.metres(in:))
    }
    /// For a rep step: when it advances by itself.
    public var cap: WorkoutDuration?
    public var cue: String?
    public var cues: [Cue]
    public var round: Int?
    public var rounds: Int?
    public var reps: Int?
    public var weight: Weight?
    /// What is being trained, for statistics: the step's `exercise`, or for work phases and rep steps
    /// the name without its round numbering; nil for rests and the like.
    public var exercise: String?
    /// The step's own `halfway`, over the workout's (see `callsHalfway`).
    public var halfway: Bool?
    /// For a phase of an EMOM: the window its round must fit in.
    public var window: RoundWindow?
    /// For a phase of an AMRAP or a capped block: the block and the time it is limited to.
    public var timeLimit: TimeLimitedBlock?

    public init(
        kind: PhaseKind, name: String, duration: WorkoutDuration?, cap: WorkoutDuration? = nil, cue: String? = nil,
        cues: [Cue] = [], round: Int? = nil, rounds: Int? = nil, reps: Int? = nil, weight: Weight? = nil, exercise: String? = nil,
        halfway: Bool? = nil, isOpen: Bool = false, target: WorkoutDuration? = nil, distance: String? = nil
    ) {
        self.isOpen = isOpen
        self.target = target
        self.distance = distance
        self.exercise = exercise
        self.halfway = halfway
        self.kind = kind
        self.name = name
        self.duration = duration
        self.cap = cap
        self.cue = cue
        self.cues = cues
        self.round = round
        self.rounds = rounds
        self.reps = reps
        self.weight = weight
    }

    /// The most reps a rep step may ask for, or `done` log.
    public static let maximumReps = 100_000

    /// When the phase ends by itself, if it does: its duration, or a rep step's cap.
    public var limit: WorkoutDuration? { duration ?? cap }

    /// Whether the user ends it with `done`: a rep step or an open step.
    public var endsWithDone: Bool { kind == .reps || isOpen }

    /// `round 2/3` for displays (`round 2` in an AMRAP, whose rounds are not counted; `round 2, until
    /// you end it` in an open repeat), or nil outside rounds and in a group of a single round.
    public var roundLabel: String? {
        guard let round else { return nil }
        guard let rounds else { return timeLimit?.kind == .open ? "round \(round), until you end it" : "round \(round)" }
        return rounds > 1 ? "round \(round)/\(rounds)" : nil
    }
}

/// A phase's place in a round that starts on a fixed beat (an EMOM): the window ends the round,
/// whatever the user does.
public struct RoundWindow: Sendable, Equatable {
    /// How long each round's window lasts (the EMOM's `every`).
    public var length: WorkoutDuration
    /// Whether the phase begins its round, and so its window.
    public var startsRound: Bool
    /// Whether the phase is the rest that fills what is left of the window.
    public var fillsRound: Bool

    public init(length: WorkoutDuration, startsRound: Bool = false, fillsRound: Bool = false) {
        self.length = length
        self.startsRound = startsRound
        self.fillsRound = fillsRound
    }
}

/// A block of phases with an end of its own: an AMRAP, which repeats its phases until a time has
/// passed, an open repeat, which repeats them until the user ends it, or a repeat or for with a
/// `time_cap` ("for time").
public struct TimeLimitedBlock: Sendable, Equatable {
    /// Which of the three it is, as `block.end` names it.
    public enum Kind: String, Sendable {
        case amrap
        case open
        case timeCap = "time_cap"
    }

    public var kind: Kind
    /// The time the block may last; nil for an open repeat.
    public var length: WorkoutDuration?
    /// The plan index of its first phase and of its last (for an AMRAP or open repeat: of one round).
    public var first: Int
    public var last: Int

    /// Whether it goes round again after its last phase: an AMRAP or an open repeat.
    public var loops: Bool { kind != .timeCap }

    public init(kind: Kind, length: WorkoutDuration?, first: Int, last: Int) {
        self.kind = kind
        self.length = length
        self.first = first
        self.last = last
    }
}
