import PacerCore

/// Folds a flat list of steps back into repeats, where doing so keeps every step as it was.
///
/// A block the source repeats (a Zwift IntervalsT) becomes a `repeat` of one round; rounds that
/// differ (one carries a cue) are kept apart, and the identical rounds around them folded. Among
/// the other steps, a run of the same two or more steps written again and again becomes a
/// `repeat` of them (zwiftout's `detectRepeats`), but only when every step matches exactly.
enum RepeatFolding {
    /// The longest run of steps looked for as one round among steps written out.
    static let longestRound = 16

    static func fold(_ steps: [FlatStep]) -> [Step] {
        var folded: [Step] = []
        var index = 0
        while index < steps.count {
            if let block = steps[index].block {
                let end = steps[index...].firstIndex { $0.block?.id != block.id } ?? steps.count
                folded += foldBlock(steps[index..<end])
                index = end
            } else {
                let end = steps[index...].firstIndex { $0.block != nil } ?? steps.count
                folded += foldRuns(Array(steps[index..<end]))
                index = end
            }
        }
        return folded
    }

    /// One repeated block: its rounds, with runs of identical rounds as repeats (the whole block
    /// one `repeat` when every round is the same).
    private static func foldBlock(_ steps: ArraySlice<FlatStep>) -> [Step] {
        var rounds: [[FlatStep]] = []
        for step in steps {
            if rounds.last?.last?.block?.round == step.block?.round {
                rounds[rounds.count - 1].append(step)
            } else {
                rounds.append([step])
            }
        }
        var folded: [Step] = []
        var index = 0
        while index < rounds.count {
            var count = 1
            while index + count < rounds.count, same(rounds[index + count], rounds[index]) { count += 1 }
            if count > 1 || rounds.count == 1 {
                folded.append(.repeated(RepeatStep(count: count, steps: rounds[index].map { .timed($0.step) })))
            } else {
                folded += rounds[index].map { .timed($0.step) }
            }
            index += count
        }
        return folded
    }

    /// Steps written out: at each place, the round of 2 to `longestRound` steps that, repeated
    /// at least twice, covers the most steps (the shortest such round on a tie).
    private static func foldRuns(_ steps: [FlatStep]) -> [Step] {
        var folded: [Step] = []
        var index = 0
        while index < steps.count {
            var best: (length: Int, count: Int)?
            for length in 2...longestRound where index + 2 * length <= steps.count {
                var count = 1
                while index + (count + 1) * length <= steps.count,
                      same(Array(steps[(index + count * length)..<(index + (count + 1) * length)]), Array(steps[index..<(index + length)])) {
                    count += 1
                }
                if count > 1, length * count > (best.map { $0.length * $0.count } ?? 0) { best = (length, count) }
            }
            if let best {
                folded.append(.repeated(RepeatStep(count: best.count, steps: steps[index..<(index + best.length)].map { .timed($0.step) })))
                index += best.length * best.count
            } else {
                folded.append(.timed(steps[index].step))
                index += 1
            }
        }
        return folded
    }

    private static func same(_ a: [FlatStep], _ b: [FlatStep]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
    }
}
