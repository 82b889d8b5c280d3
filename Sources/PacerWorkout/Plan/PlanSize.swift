import PacerFoundation

/// How many phases a workout expands to and how long it lasts, computed without expanding it.
///
/// Counts saturate at `Int64.max`, so `repeat: 1000000` nested many times is measured, not built.
public struct PlanSize: Sendable, Equatable {
    public var phases: Int64
    public var planned: WorkoutDuration

    public init(phases: Int64, planned: WorkoutDuration) {
        self.phases = phases
        self.planned = planned
    }

    public init(of workout: Workout) {
        self = Self.measure(workout.steps)
    }

    static func measure(_ steps: [Step]) -> PlanSize {
        var total = PlanSize(phases: 0, planned: .zero)
        for step in steps {
            total = total.adding(measure(step))
        }
        return total
    }

    static func measure(_ step: Step) -> PlanSize {
        switch step {
        case .timed(let timed):
            return PlanSize(phases: 1, planned: timed.duration?.value(inRound: nil) ?? .zero)
        case .reps:
            return PlanSize(phases: 1, planned: .zero)
        case .repeated(let group):
            let size = measure(group.steps, rounds: group.count).adding(rests(group.count, group.restBetweenRounds))
            return PlanSize(phases: size.phases, planned: min(size.planned, group.timeCap ?? size.planned))
        case .amrap(let block):
            // An open repeat is counted as one round.
            let round = measure(block.steps)
            return PlanSize(phases: round.phases, planned: block.length ?? round.planned)
        case .emom(let block):
            // Whether a round has its rest can change only with values per round, which are as many as the rounds.
            let varies = block.steps.contains { if case .timed(let timed) = $0 { timed.duration?.variesByRound ?? false } else { false } }
            let rests = varies ? (1...block.rounds).filter(block.fillsWindow).count : block.fillsWindow(inRound: 1) ? block.rounds : 0
            return PlanSize(phases: Int64(block.steps.count), planned: block.every).times(block.rounds).adding(
                PlanSize(phases: Int64(rests), planned: .zero))
        case .circuit(let circuit):
            let round = circuit.round.reduce(PlanSize(phases: 0, planned: .zero)) { size, part in
                switch part {
                case .rest(let length), .work(_, let length): size.adding(PlanSize(phases: 1, planned: length))
                }
            }
            return round.times(circuit.rounds).adding(rests(circuit.rounds, circuit.resolvedRestBetweenRounds))
        }
    }

    /// Steps run `rounds` times; a timed step with a duration per round counts each of them once.
    static func measure(_ steps: [Step], rounds: Int) -> PlanSize {
        var total = PlanSize(phases: 0, planned: .zero)
        for step in steps {
            if case .timed(let timed) = step, let duration = timed.duration, duration.variesByRound {
                let planned = duration.values.reduce(WorkoutDuration.zero) {
                    WorkoutDuration(milliseconds: saturatingAdd($0.milliseconds, $1.milliseconds))
                }
                total = total.adding(PlanSize(phases: Int64(rounds), planned: planned))
            } else {
                total = total.adding(measure(step).times(rounds))
            }
        }
        return total
    }

    /// The rests between `rounds` rounds.
    static func rests(_ rounds: Int, _ rest: WorkoutDuration?) -> PlanSize {
        guard let rest, rounds > 1 else { return PlanSize(phases: 0, planned: .zero) }
        let count = Int64(rounds - 1)
        return PlanSize(phases: count, planned: WorkoutDuration(milliseconds: saturatingMultiply(rest.milliseconds, count)))
    }

    /// The two sizes one after the other.
    public func adding(_ other: PlanSize) -> PlanSize {
        PlanSize(
            phases: saturatingAdd(phases, other.phases),
            planned: WorkoutDuration(milliseconds: saturatingAdd(planned.milliseconds, other.planned.milliseconds)))
    }

    /// The size run `count` times.
    public func times(_ count: Int) -> PlanSize {
        let times = Int64(count)
        return PlanSize(
            phases: saturatingMultiply(phases, times),
            planned: WorkoutDuration(milliseconds: saturatingMultiply(planned.milliseconds, times)))
    }
}

private func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
}

private func saturatingMultiply(_ a: Int64, _ b: Int64) -> Int64 {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
}
