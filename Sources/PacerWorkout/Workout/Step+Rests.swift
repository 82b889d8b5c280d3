extension Step {
    /// Whether the first phase this step expands to is a rest.
    var startsWithRest: Bool {
        switch self {
        case .timed(let timed): timed.kind == .rest
        case .reps, .circuit: false
        case .emom(let block): block.steps.first?.startsWithRest ?? false
        case .amrap(let block): block.steps.first?.startsWithRest ?? false
        case .repeated(let group): group.steps.first?.startsWithRest ?? false
        }
    }

    /// Whether some phase this step expands to is timed: neither a rep step nor an open step.
    public var hasTimedPhase: Bool {
        switch self {
        case .timed(let timed): timed.duration != nil
        case .reps: false
        case .circuit: true
        case .emom(let block): block.steps.contains(where: \.hasTimedPhase)
        case .amrap(let block): block.steps.contains(where: \.hasTimedPhase)
        case .repeated(let group): group.steps.contains(where: \.hasTimedPhase)
        }
    }

    /// Whether the last phase this step expands to is a rest (a rest between rounds never comes last).
    var endsWithRest: Bool {
        switch self {
        case .timed(let timed): timed.kind == .rest
        case .reps, .circuit, .emom, .amrap: false
        case .repeated(let group): group.steps.last?.endsWithRest ?? false
        }
    }
}
