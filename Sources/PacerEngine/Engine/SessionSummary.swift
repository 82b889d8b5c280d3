import PacerFoundation
import PacerWorkout

/// What happened in a session, reduced from its events: time by kind of phase, what was
/// skipped, the sets logged. The engine keeps one and hands it over in `session.end`.
public struct SessionSummary: Sendable, Equatable {
    /// Time in work phases and rep steps.
    public private(set) var worked = WorkoutDuration.zero
    public private(set) var rested = WorkoutDuration.zero
    /// Time in prepare and warm-up phases.
    public private(set) var warmedUp = WorkoutDuration.zero
    public private(set) var cooledDown = WorkoutDuration.zero
    public private(set) var completedPhases = 0
    public private(set) var skippedPhases = 0
    /// The planned time of skipped phases that was not spent.
    public private(set) var skippedTime = WorkoutDuration.zero
    /// The rep steps finished with `done`, in order.
    public private(set) var sets: [LoggedSet] = []
    /// How each AMRAP and capped block went, in order.
    public private(set) var blocks: [Event.BlockEnd] = []
    /// The length of the phase running now, extensions included.
    private var currentLimit: WorkoutDuration?

    /// A rep step as it was logged.
    public struct LoggedSet: Sendable, Equatable {
        public let name: String
        public let reps: Int?
        public let weight: Weight?
    }

    public init() {}

    /// Takes one event into account.
    public mutating func record(_ event: Event) {
        switch event.payload {
        case .phaseStart(let start):
            currentLimit = start.phase.duration
        case .extend(let extension_):
            currentLimit = currentLimit.map { $0 + extension_.by }
        case .phaseEnd(let end):
            add(end)
            currentLimit = nil
        case .blockEnd(let end):
            blocks.append(end)
        default:
            break
        }
    }

    private mutating func add(_ end: Event.PhaseEnd) {
        switch end.phase.kind {
        case .work, .reps: worked = worked + end.active
        case .rest: rested = rested + end.active
        case .prepare, .warmup: warmedUp = warmedUp + end.active
        case .cooldown: cooledDown = cooledDown + end.active
        }
        switch end.outcome {
        case .timeout:
            completedPhases += 1
        case .completed:
            completedPhases += 1
            if end.phase.kind == .reps, end.reps != nil || end.weight != nil {
                sets.append(LoggedSet(name: end.phase.name, reps: end.reps, weight: end.weight))
            }
        case .skipped:
            skippedPhases += 1
            if let limit = currentLimit, limit > end.active { skippedTime = skippedTime + (limit - end.active) }
        }
    }
}
