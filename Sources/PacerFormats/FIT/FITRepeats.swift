import PacerFoundation
import PacerWorkout

/// The steps of a FIT workout as its repeat steps fold them: each repeat step takes the steps from
/// the one it names up to itself.
///
/// Built in one pass, with no recursion a file can drive: repeats nest at most as deep as in a
/// workout file, and each repeat is measured (`PlanSize`, which counts without expanding) before
/// anything is built on it, so a file that expands past the model's limits is refused at the byte
/// of the step that crosses them, with the count.
struct FITRepeats {
    private typealias StepField = FITProfile.WorkoutStepField

    /// A step, or a repeat of the steps before it, with what a repeat around it needs to know.
    private struct Item {
        /// The index of its first step, which a repeat step names.
        let first: Int
        let step: Step
        /// How many repeats deep it is (0 for a step).
        let depth: Int
        let size: PlanSize
        /// Whether it is or holds an AMRAP, which no AMRAP may hold.
        let holdsAMRAP: Bool
        /// The metres one pass covers, when every step in it is measured by distance.
        let metres: Double?
        /// Where its last message starts.
        let offset: Int
        /// Where it and the steps it holds were read from.
        let source: StepSource
    }

    private var items: [Item] = []

    mutating func append(_ step: TimedStep, index: Int, at offset: Int) {
        let duration = step.duration?.value(inRound: nil)
        let metres = duration == nil ? step.distance.flatMap { DistanceLabel.metres(in: $0.value(inRound: nil)) } : nil
        items.append(
            Item(
                first: index, step: .timed(step), depth: 0, size: PlanSize(phases: 1, planned: duration ?? .zero), holdsAMRAP: false,
                metres: metres, offset: offset, source: StepSource(.byte(offset))))
    }

    /// Folds the steps a repeat step names into one repeat: `repeat_until_steps_cmplt` a number of
    /// rounds, `repeat_until_time` an AMRAP, `repeat_until_distance` the rounds that cover the
    /// distance when every step has one; a condition on heart rate, power, calories or TSS an open
    /// repeat named for it, which the athlete ends, with a warning; any other condition, or one
    /// that cannot be so, a repeat named for it, run once, with a warning.
    mutating func close(_ message: FITMessages.Message, index: Int, notes: inout ImportNotes) throws(WorkoutErrors) {
        guard let from = message.number(StepField.durationValue).map({ Int(clamping: $0) }) else {
            throw FITReader.refusal(at: message.offset, "step \(index) repeats, but says not from which step")
        }
        let start = items.lastIndex { $0.first < from }.map { $0 + 1 } ?? 0
        guard start < items.count, from < index else {
            throw FITReader.refusal(at: message.offset, "step \(index) repeats from step \(from), which is not a step before it")
        }
        let body = items[start...]
        let depth = 1 + body.reduce(0) { max($0, $1.depth) }
        guard depth <= WorkoutDecoder.maximumNesting else {
            throw FITReader.refusal(
                at: message.offset, "repeats nest more than \(WorkoutDecoder.maximumNesting) levels deep here, the limit for a workout")
        }
        let steps = body.map(\.step)
        var holdsAMRAP = body.contains { $0.holdsAMRAP }
        let roundMetres = body.reduce(0.0 as Double?) { total, item in total.flatMap { total in item.metres.map { total + $0 } } }
        let bound = message.number(StepField.targetValue)
        let type = message.number(StepField.durationType).flatMap { FITProfile.DurationType(rawValue: UInt8(clamping: $0)) }
        let step: Step
        var metres: Double?
        switch type {
        case .repeatUntilStepsComplete?:
            guard let bound, bound >= 1 else {
                throw FITReader.refusal(at: message.offset, "step \(index) repeats, but says not how many times")
            }
            step = .repeated(RepeatStep(count: Int(clamping: bound), steps: steps))
            metres = roundMetres.map { $0 * Double(bound) }
        case .repeatUntilTime? where !holdsAMRAP && (1...UInt64(WorkoutDuration.maximumStep.milliseconds)).contains(bound ?? 0):
            step = .amrap(AMRAPStep(length: WorkoutDuration(milliseconds: Int64(bound ?? 0)), steps: steps))
            holdsAMRAP = true
        case .repeatUntilDistance? where (bound ?? 0) > 0 && (roundMetres ?? 0) > 0:
            let distance = Double(bound ?? 0) / FITProfile.Scale.distance
            let rounds = (distance / (roundMetres ?? 1)).rounded(.up)
            notes.warn(
                atByte: message.offset,
                "a repeat until \(ImportedValues.distance(metres: distance)) are covered: \(ImportedValues.counted(rounds, "round")) of \(ImportedValues.distance(metres: roundMetres ?? 0)) here"
            )
            step = .repeated(RepeatStep(count: Int(min(rounds, Double(Int32.max))), steps: steps))
            metres = distance
        case let type? where FITRepeatCondition.judgedByTheAthlete.contains(type) && !holdsAMRAP && steps.contains(where: \.hasTimedPhase):
            let until = FITRepeatCondition(type: type, bound: bound, holdsAMRAP: false)
            notes.warn(
                atByte: message.offset,
                "a repeat until \(until.text): pacer cannot judge that, so it is an open repeat here, round after round until you say done on one of its timed steps"
            )
            step = .amrap(AMRAPStep(length: nil, steps: steps, name: "Repeat until \(until.text)"))
            holdsAMRAP = true
        default:
            let until = FITRepeatCondition(type: type, bound: bound, holdsAMRAP: holdsAMRAP)
            notes.warn(
                atByte: message.offset,
                "a repeat until \(until.text): \(until.reason), so its steps run once here, in a repeat named for it")
            step = .repeated(RepeatStep(count: 1, steps: steps, name: "Repeat until \(until.text)"))
        }
        let size = PlanSize(of: Workout(name: "repeat", steps: [step]))
        try Self.check(size, at: message.offset, what: "the steps repeated here")
        items.removeLast(body.count)
        items.append(
            Item(
                first: from, step: step, depth: depth, size: size, holdsAMRAP: holdsAMRAP, metres: metres, offset: message.offset,
                source: StepSource(.byte(message.offset), inner: body.map(\.source))))
    }

    /// The steps, once the whole workout is checked against the model's limits, and where each was
    /// read from (a repeat at its repeat step).
    func steps() throws(WorkoutErrors) -> (steps: [Step], sources: [StepSource]) {
        var total = PlanSize(phases: 0, planned: .zero)
        for item in items {
            // Each item is within the limits, so the sums of fewer than 100,000 items cannot overflow.
            total = PlanSize(phases: total.phases + item.size.phases, planned: total.planned + item.size.planned)
            try Self.check(total, at: item.offset, what: "the steps up to here")
        }
        return (items.map(\.step), items.map(\.source))
    }

    private static func check(_ size: PlanSize, at offset: Int, what: String) throws(WorkoutErrors) {
        if size.phases > Plan.maximumPhases {
            let count = size.phases == .max ? "more than \(Int64(Int32.max))" : String(size.phases)
            throw FITReader.refusal(at: offset, "\(what) expand to \(count) phases; a workout may have \(Plan.maximumPhases)")
        }
        if size.planned > WorkoutDuration.maximumWorkout {
            let length = size.planned.milliseconds == .max ? "far more than 7 days" : size.planned.spoken
            throw FITReader.refusal(at: offset, "\(what) last \(length); a workout may last 7 days")
        }
    }
}
