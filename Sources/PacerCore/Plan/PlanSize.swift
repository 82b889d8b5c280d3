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
            return PlanSize(phases: 1, planned: timed.duration)
        case .reps:
            return PlanSize(phases: 1, planned: .zero)
        case .repeated(let group):
            return measure(group.steps).repeated(group.count, between: group.restBetweenRounds)
        case .circuit(let circuit):
            var round = PlanSize(phases: 0, planned: .zero)
            for (position, exercise) in circuit.exercises.enumerated() {
                if position > 0, let rest = circuit.rest {
                    round = round.adding(PlanSize(phases: 1, planned: rest))
                }
                round = round.adding(PlanSize(phases: 1, planned: exercise.work ?? circuit.work))
            }
            return round.repeated(circuit.rounds, between: circuit.restBetweenRounds ?? circuit.rest)
        }
    }

    func adding(_ other: PlanSize) -> PlanSize {
        PlanSize(phases: saturatingAdd(phases, other.phases), planned: WorkoutDuration(milliseconds: saturatingAdd(planned.milliseconds, other.planned.milliseconds)))
    }

    func repeated(_ count: Int, between rest: WorkoutDuration?) -> PlanSize {
        let times = Int64(count)
        var result = PlanSize(phases: saturatingMultiply(phases, times), planned: WorkoutDuration(milliseconds: saturatingMultiply(planned.milliseconds, times)))
        if let rest, times > 1 {
            result = result.adding(PlanSize(phases: times - 1, planned: WorkoutDuration(milliseconds: saturatingMultiply(rest.milliseconds, times - 1))))
        }
        return result
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
