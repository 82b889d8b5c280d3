import PacerFoundation
import PacerWorkout

/// A repeat of a workout that has a name, and where its phases lie in the plan: what intervals.icu
/// text can write as a section headed by the name (`Main set 4x`).
struct NamedRepeat: Equatable {
    let name: String
    /// The plan index of its first phase.
    let first: Int
    let rounds: Int
    /// The phases of one round.
    let roundLength: Int

    /// The plan index one past its last phase.
    var end: Int { first + rounds * roundLength }

    /// The named repeats of `workout` by the plan index they start at, the outermost where two
    /// start together. A repeat with a rest between its rounds is left out: its rounds differ.
    static func starts(in workout: Workout) -> [Int: NamedRepeat] {
        var found: [Int: NamedRepeat] = [:]
        var index = 0
        collect(workout.steps, at: &index, into: &found)
        return found
    }

    /// Walks `steps` from plan index `index`, into every round of a repeat that holds another.
    private static func collect(_ steps: [Step], at index: inout Int, into found: inout [Int: NamedRepeat]) {
        for step in steps {
            let size = Int(clamping: PlanSize(of: Workout(name: "", steps: [step])).phases)
            if case .repeated(let group) = step, group.count > 0 {
                if let name = group.name, group.restBetweenRounds == nil, found[index] == nil {
                    found[index] = NamedRepeat(name: name, first: index, rounds: group.count, roundLength: size / group.count)
                }
                if group.steps.contains(where: { if case .repeated = $0 { true } else { false } }) {
                    var inner = index
                    for round in 1...group.count {
                        collect(group.steps, at: &inner, into: &found)
                        if round < group.count, group.restBetweenRounds != nil { inner += 1 }
                    }
                }
            }
            index += size
        }
    }
}
