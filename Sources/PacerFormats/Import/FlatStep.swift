import PacerCore

/// A timed step as a flat format lists it, before repeats are folded back: the step, where it was
/// written, and for a step of a block the source repeats (a Zwift IntervalsT), which block and round.
struct FlatStep {
    var step: TimedStep
    let position: SourcePosition
    var block: Block?

    /// A round of a repeated block: steps with the same `id` are one block, `round` counts from 0.
    struct Block: Equatable {
        let id: Int
        let round: Int
    }

    /// How long the step lasts; nil for an open step (one measured by distance).
    var length: WorkoutDuration? { step.duration?.value(inRound: nil) }

    /// Whether two steps are the same in everything the workout says of them.
    func matches(_ other: FlatStep) -> Bool {
        let (a, b) = (step, other.step)
        return a.kind == b.kind && a.duration == b.duration && a.name == b.name && a.cue == b.cue && a.cues == b.cues && a.distance == b.distance
            && a.targets == b.targets && a.target == b.target && a.exercise == b.exercise && a.halfway == b.halfway
    }
}
