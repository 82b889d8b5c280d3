import PacerFoundation
import PacerWorkout

/// A timed step as a flat format lists it, before repeats are folded back: the step, where it was
/// written, and for a step of a block the source repeats (a Zwift IntervalsT), which block. A
/// block's steps are listed once, for all its rounds: nothing is written out round by round.
struct FlatStep {
    var step: TimedStep
    let position: SourcePosition
    var block: Block?

    /// A block the source repeats: steps with the same `id` are one round of it, run `rounds` times.
    struct Block: Equatable {
        let id: Int
        let rounds: Int
    }

    /// How long the step lasts; nil for an open step (one measured by distance).
    var length: WorkoutDuration? { step.duration?.value(inRound: nil) }

    /// Whether two steps are the same in everything the workout says of them but their cues.
    func matchesButCues(_ other: FlatStep) -> Bool {
        let (a, b) = (step, other.step)
        return a.kind == b.kind && a.duration == b.duration && a.name == b.name && a.distance == b.distance
            && a.targets == b.targets && a.target == b.target && a.exercise == b.exercise && a.halfway == b.halfway
    }

    /// Whether the step's cue and timed cues are those of `other`.
    func sameCues(_ other: FlatStep) -> Bool {
        step.cue == other.step.cue && step.cues == other.step.cues
    }
}
