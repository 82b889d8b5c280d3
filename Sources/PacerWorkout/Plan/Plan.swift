import PacerFoundation

/// The flat list of phases a run follows, expanded from a workout.
public struct Plan: Sendable {
    /// A plan may have at most this many phases.
    public static let maximumPhases = 100_000

    public let workoutName: String
    public let countdown: Int
    public let halfway: Bool
    public let phases: [Phase]
    /// The time the timed phases add up to (rep steps are not counted).
    public let planned: WorkoutDuration
    /// `startOffsets[i]`: when phase `i` starts if every phase before it runs as planned
    /// (rep steps count as taking no time).
    public let startOffsets: [WorkoutDuration]
    /// The athlete's thresholds the plan was made with (`with(_:)`): its phases' targets carry
    /// them too, and the planned load reads the FTP here.
    public let thresholds: TargetThresholds

    /// Expands a validated workout; the decoder has already checked that the plan is within the limits.
    public init(_ workout: Workout) {
        var expansion = PlanExpansion()
        // Phases are large: grown by doubling, 100,000 of them would be copied about twice over.
        expansion.phases.reserveCapacity(Int(min(PlanSize(of: workout).phases, Int64(Self.maximumPhases))))
        expansion.append(workout.steps, round: nil)
        self.init(name: workout.name, countdown: workout.countdown, halfway: workout.halfway, phases: expansion.phases)
    }

    public init(name: String, countdown: Int = 3, halfway: Bool = false, phases: [Phase], thresholds: TargetThresholds = .none) {
        self.workoutName = name
        self.thresholds = thresholds
        self.countdown = countdown
        self.halfway = halfway
        self.phases = phases
        var offsets: [WorkoutDuration] = []
        offsets.reserveCapacity(phases.count)
        var running = WorkoutDuration.zero
        var blockEnd: WorkoutDuration?
        // Phases are read field by field, not copied whole: a copy retains every text of the phase.
        for index in phases.indices {
            let limit = phases[index].timeLimit
            if let block = limit, block.first == index, let length = block.length { blockEnd = running + length }
            offsets.append(min(running, blockEnd ?? running))
            running = running + (phases[index].duration ?? .zero)
            if let block = limit, block.last == index, let end = blockEnd {
                // An AMRAP lasts its time; a capped block at most its cap; an open repeat, one round.
                running = block.kind == .amrap ? end : min(running, end)
                blockEnd = nil
            }
        }
        self.startOffsets = offsets
        self.planned = running
    }

    /// The plan with the athlete's `thresholds` on every phase's targets, so each is shown in both
    /// forms (`88–94 % FTP · 220–235 W`); the plan itself when none is known.
    public func with(_ thresholds: TargetThresholds) -> Plan {
        guard thresholds != .none else { return self }
        var phases = phases
        for index in phases.indices where !phases[index].targets.isEmpty {
            phases[index].targets.thresholds = thresholds
        }
        return Plan(name: workoutName, countdown: countdown, halfway: halfway, phases: phases, thresholds: thresholds)
    }

    /// The planned time of the phases after the one at `index`.
    public func planned(after index: Int) -> WorkoutDuration {
        index + 1 < phases.count ? planned - startOffsets[index + 1] : .zero
    }

    /// The total planned time of each kind of phase, in the order of `PhaseKind.allCases`.
    public var plannedByKind: [(kind: PhaseKind, count: Int, duration: WorkoutDuration)] {
        var tally = [PhaseKind: (count: Int, duration: WorkoutDuration)]()
        for index in phases.indices {
            let (kind, duration) = (phases[index].kind, phases[index].duration ?? .zero)
            let total = tally[kind, default: (0, .zero)]
            tally[kind] = (total.count + 1, total.duration + duration)
        }
        return PhaseKind.allCases.compactMap { kind in tally[kind].map { (kind, $0.count, $0.duration) } }
    }
}

/// The round a phase belongs to, for `{round}`/`{rounds}` and the display, and which of a step's
/// per-round values it takes.
struct RoundContext {
    let round: Int
    let rounds: Int
    /// The round of the innermost repeat, counted from 1: the index into per-round values.
    let valueRound: Int
    /// The item of the innermost `for`, for `{item}`.
    let item: String?

    /// Replaces the `{round}`, `{rounds}` and `{item}` tokens in a name or cue, in one pass (an item's
    /// own braces are left as they are). The text is searched as UTF-8 bytes, but a token counts
    /// only where it begins and ends whole characters, as a search character by character finds it.
    func fill(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        var copied = text.startIndex
        var searched = utf8.startIndex
        while let brace = utf8[searched...].firstIndex(of: UInt8(ascii: "{")) {
            searched = utf8.index(after: brace)
            let tail = utf8[brace...]
            let token: (length: Int, value: String)? =
                if tail.starts(with: "{rounds}".utf8) { (8, String(rounds)) } else if tail.starts(with: "{round}".utf8) {
                    (7, String(round))
                } else if let item, tail.starts(with: "{item}".utf8) { (6, item) } else { nil }
            guard let token else { continue }
            let end = utf8.index(brace, offsetBy: token.length)
            guard brace.samePosition(in: text) != nil, end.samePosition(in: text) != nil else { continue }
            result += text[copied..<brace]
            result += token.value
            copied = end
            searched = end
        }
        return result + text[copied...]
    }
}

/// Walks the steps of a workout and appends the phases they stand for.
struct PlanExpansion {
    var phases: [Phase] = []
    /// The exercise each name implies, by name and item: a step repeated 100,000 times derives it once.
    private var derivedExercises: [DerivedExerciseKey: String?] = [:]

    private struct DerivedExerciseKey: Hashable {
        let name: String
        let item: String?
    }

    mutating func append(_ steps: [Step], round: RoundContext?) {
        for step in steps {
            switch step {
            case .timed(let timed):
                let number = round?.valueRound
                appendTimed(
                    kind: timed.kind, name: timed.name?.value(inRound: number) ?? timed.kind.defaultName,
                    duration: timed.duration?.value(inRound: number),
                    cue: timed.cue?.value(inRound: number), cues: timed.cues, exercise: timed.exercise?.value(inRound: number),
                    halfway: timed.halfway, round: round)
                if timed.duration == nil {
                    phases[phases.count - 1].isOpen = true
                    phases[phases.count - 1].target = timed.target
                }
                phases[phases.count - 1].distance = timed.distance.map { fill($0.value(inRound: number), round) }
                phases[phases.count - 1].targets = timed.targets.value(inRound: number)
            case .reps(let repStep):
                let number = round?.valueRound
                let name = repStep.name.value(inRound: number)
                let exercise = exercise(repStep.exercise?.value(inRound: number), name: name, kind: .reps, round)
                phases.append(
                    Phase(
                        kind: .reps, name: fill(name, round), duration: nil, cap: repStep.cap,
                        cue: repStep.cue.map { fill($0.value(inRound: number), round) },
                        cues: resolve(repStep.cues, length: repStep.cap, round), round: round?.round,
                        rounds: round?.rounds, reps: repStep.reps.value(inRound: number), weight: repStep.weight?.value(inRound: number),
                        exercise: exercise))
            case .amrap(let block):
                let first = phases.count
                append(block.steps, round: round)
                markLimited(from: first, kind: block.length == nil ? .open : .amrap, length: block.length)
            case .repeated(let group):
                let first = phases.count
                defer { if let cap = group.timeCap { markLimited(from: first, kind: .timeCap, length: cap) } }
                let steps = RoundCues(group.steps)
                for number in 1...group.count {
                    let context = innerRound(number, of: group.count, outer: round, item: group.items?[number - 1])
                    append(steps.steps(inRound: number), round: context)
                    if number < group.count, let rest = group.restBetweenRounds {
                        appendTimed(kind: .rest, name: PhaseKind.rest.defaultName, duration: rest, round: context)
                    }
                }
            case .circuit(let circuit):
                appendCircuit(circuit, round: round)
            case .emom(let block):
                appendEMOM(block, round: round)
            }
        }
    }

    /// Marks the phases from `first` on as one block that ends when `length` has passed (an open
    /// repeat, with none, when the user ends it).
    private mutating func markLimited(from first: Int, kind: TimeLimitedBlock.Kind, length: WorkoutDuration?) {
        let block = TimeLimitedBlock(kind: kind, length: length, first: first, last: phases.count - 1)
        for index in first..<phases.count { phases[index].timeLimit = block }
    }

    /// Each round: its steps, each in the round's window, then a `Rest` for what is left of it (as
    /// planned, with rep steps taking no time; the engine fills the window as it really is).
    private mutating func appendEMOM(_ block: EMOMStep, round: RoundContext?) {
        let steps = RoundCues(block.steps)
        for number in 1...block.rounds {
            let context = innerRound(number, of: block.rounds, outer: round)
            let first = phases.count
            append(steps.steps(inRound: number), round: context)
            if block.fillsWindow(inRound: context.valueRound) {
                appendTimed(
                    kind: .rest, name: PhaseKind.rest.defaultName, duration: block.every - block.timedLength(inRound: context.valueRound),
                    round: context)
            }
            for index in first..<phases.count {
                phases[index].window = RoundWindow(
                    length: block.every, startsRound: index == first,
                    fillsRound: index == phases.count - 1 && block.fillsWindow(inRound: context.valueRound))
            }
        }
    }

    private mutating func appendCircuit(_ circuit: CircuitStep, round: RoundContext?) {
        let parts = circuit.round
        for number in 1...circuit.rounds {
            let context = innerRound(number, of: circuit.rounds, outer: round)
            for part in parts {
                switch part {
                case .rest(let rest):
                    appendTimed(kind: .rest, name: PhaseKind.rest.defaultName, duration: rest, round: context)
                case .work(let exercise, let work):
                    appendTimed(
                        kind: .work, name: exercise.name, duration: work, cue: exercise.cue, cues: exercise.cues,
                        exercise: exercise.exercise, halfway: exercise.halfway, round: context)
                    phases[phases.count - 1].targets = exercise.targets.value(inRound: context.valueRound)
                }
            }
            if number < circuit.rounds, let rest = circuit.resolvedRestBetweenRounds {
                appendTimed(kind: .rest, name: PhaseKind.rest.defaultName, duration: rest, round: context)
            }
        }
    }

    /// A group of one round inside another keeps the outer round, so "Round 2/3" stays meaningful.
    /// Inside a `for`, `item` is the round's item; elsewhere the item of the `for` around, if any.
    private func innerRound(_ number: Int, of count: Int, outer: RoundContext?, item: String? = nil) -> RoundContext {
        let item = item ?? outer?.item
        if count == 1, let outer { return RoundContext(round: outer.round, rounds: outer.rounds, valueRound: 1, item: item) }
        return RoundContext(round: number, rounds: count, valueRound: number, item: item)
    }

    private mutating func appendTimed(
        kind: PhaseKind, name: String, duration: WorkoutDuration?, cue: String? = nil, cues: [WrittenCue] = [], exercise: String? = nil,
        halfway: Bool? = nil, round: RoundContext?
    ) {
        let exercise = self.exercise(exercise, name: name, kind: kind, round)
        phases.append(
            Phase(
                kind: kind, name: fill(name, round), duration: duration, cue: cue.map { fill($0, round) },
                cues: resolve(cues, length: duration, round), round: round?.round, rounds: round?.rounds,
                exercise: exercise, halfway: halfway))
    }

    /// The exercise as written, filled in; else, for work and rep steps, the one the name implies.
    private mutating func exercise(_ written: String?, name: String, kind: PhaseKind, _ round: RoundContext?) -> String? {
        if let written { return fill(written, round) }
        guard kind == .work || kind == .reps else { return nil }
        let key = DerivedExerciseKey(name: name, item: round?.item)
        if let known = derivedExercises[key] { return known ?? fill(name, round) }
        let derived = ExerciseName.derived(fromName: name, item: round?.item)
        derivedExercises[key] = .some(derived)
        return derived ?? fill(name, round)
    }

    private func fill(_ text: String, _ round: RoundContext?) -> String {
        round?.fill(text) ?? text
    }

    /// The cues at their offsets into a phase of `length`, their texts filled in.
    private func resolve(_ cues: [WrittenCue], length: WorkoutDuration?, _ round: RoundContext?) -> [Cue] {
        cues.map { Cue(at: $0.at.offset(in: length), text: fill($0.text, round)) }
    }
}
