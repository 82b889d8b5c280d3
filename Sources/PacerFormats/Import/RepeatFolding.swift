import PacerFoundation
import PacerWorkout

/// Folds a flat list of steps back into repeats, where doing so keeps every step as it was.
///
/// A block the source repeats (a Zwift IntervalsT) becomes one `repeat` of its rounds, a cue that
/// falls in one round said in that round only. Among the other steps, a run of the same
/// two to sixteen steps written again and again becomes a `repeat` of them (zwiftout's `detectRepeats`),
/// when every step matches but for its cues; a cue that differs from round to round is said in its
/// own round.
enum RepeatFolding {
    /// The longest run of steps looked for as one round among steps written out.
    static let longestRound = 16

    /// Steps folded, each with where it was read from (a repeat where its first step was).
    struct Folded {
        var steps: [Step] = []
        var sources: [StepSource] = []

        fileprivate mutating func append(_ step: Step, _ source: StepSource) {
            steps.append(step)
            sources.append(source)
        }
    }

    static func fold(_ steps: [FlatStep]) -> Folded {
        var folded = Folded()
        var index = 0
        while index < steps.count {
            if let block = steps[index].block {
                let end = steps[index...].firstIndex { $0.block != block } ?? steps.count
                let round = steps[index..<end]
                folded.append(
                    .repeated(RepeatStep(count: block.rounds, steps: round.map { .timed($0.step) })),
                    StepSource(.position(steps[index].position), inner: round.map { StepSource(.position($0.position)) }))
                index = end
            } else {
                let end = steps[index...].firstIndex { $0.block != nil } ?? steps.count
                foldRuns(Array(steps[index..<end]), into: &folded)
                index = end
            }
        }
        return folded
    }

    /// Steps written out: at each place, the round of 2 to `longestRound` steps that, repeated at
    /// least twice, covers the most steps (the shortest such round on a tie).
    private static func foldRuns(_ steps: [FlatStep], into folded: inout Folded) {
        var index = 0
        while index < steps.count {
            if let run = RepeatedRun.longest(
                at: index, of: steps.count, lengths: 2...longestRound, same: { steps[$0].matchesButCues(steps[$1]) })
            {
                let rounds = (0..<run.count).map { Array(steps[(index + $0 * run.length)..<(index + ($0 + 1) * run.length)]) }
                folded.append(
                    .repeated(RepeatStep(count: run.count, steps: (0..<run.length).map { .timed(step(at: $0, of: rounds)) })),
                    StepSource(.position(steps[index].position), inner: rounds[0].map { StepSource(.position($0.position)) }))
                index += run.length * run.count
            } else {
                folded.append(.timed(steps[index].step), StepSource(.position(steps[index].position)))
                index += 1
            }
        }
    }

    /// The step at `position` of every round: its cues as they are when every round has the
    /// same, else each round's own, said in that round only.
    private static func step(at position: Int, of rounds: [[FlatStep]]) -> TimedStep {
        var step = rounds[0][position].step
        guard rounds.contains(where: { !$0[position].sameCues(rounds[0][position]) }) else { return step }
        step.cue = nil
        step.cues = rounds.enumerated().flatMap { number, round in
            let own = round[position].step
            let start = own.cue.map { [WrittenCue(at: .afterStart(.zero), text: $0.value(inRound: nil), round: number + 1)] } ?? []
            return start + own.cues.map { WrittenCue(at: $0.at, text: $0.text, round: number + 1) }
        }
        return step
    }
}
