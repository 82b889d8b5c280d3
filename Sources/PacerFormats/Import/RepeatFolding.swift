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

    static func fold(_ steps: [FlatStep]) -> [Step] {
        var folded: [Step] = []
        var index = 0
        while index < steps.count {
            if let block = steps[index].block {
                let end = steps[index...].firstIndex { $0.block != block } ?? steps.count
                folded.append(.repeated(RepeatStep(count: block.rounds, steps: steps[index..<end].map { .timed($0.step) })))
                index = end
            } else {
                let end = steps[index...].firstIndex { $0.block != nil } ?? steps.count
                folded += foldRuns(Array(steps[index..<end]))
                index = end
            }
        }
        return folded
    }

    /// Steps written out: at each place, the round of 2 to `longestRound` steps that, repeated at
    /// least twice, covers the most steps (the shortest such round on a tie).
    private static func foldRuns(_ steps: [FlatStep]) -> [Step] {
        var folded: [Step] = []
        var index = 0
        while index < steps.count {
            if let run = RepeatedRun.longest(
                at: index, of: steps.count, lengths: 2...longestRound, same: { steps[$0].matchesButCues(steps[$1]) })
            {
                let rounds = (0..<run.count).map { Array(steps[(index + $0 * run.length)..<(index + ($0 + 1) * run.length)]) }
                folded.append(.repeated(RepeatStep(count: run.count, steps: (0..<run.length).map { .timed(step(at: $0, of: rounds)) })))
                index += run.length * run.count
            } else {
                folded.append(.timed(steps[index].step))
                index += 1
            }
        }
        return folded
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
