/// A step of an export, or a run of steps written as rounds of a repeat.
enum ExportBlock: Equatable {
    case step(ExportStep)
    case repeated(count: Int, steps: [ExportStep])

    /// The longest round looked for among steps written out.
    static let longestRound = 16

    /// Folds the plan's steps back into repeats: at each place, the round of 1 to `longestRound`
    /// steps that, written at least twice in a row, covers the most steps (the shortest on a tie).
    /// Two steps count as one when `same` says so, so a format that keeps no names folds steps
    /// that differ only by name (`Sprint 1/8`, `Sprint 2/8`).
    static func fold(_ steps: [ExportStep], same: (ExportStep, ExportStep) -> Bool) -> [ExportBlock] {
        var blocks: [ExportBlock] = []
        var index = 0
        while index < steps.count {
            var best: (length: Int, count: Int)?
            for length in 1...longestRound where index + 2 * length <= steps.count {
                var count = 1
                while index + (count + 1) * length <= steps.count,
                      (0..<length).allSatisfy({ same(steps[index + count * length + $0], steps[index + $0]) }) {
                    count += 1
                }
                if count > 1, length * count > (best.map { $0.length * $0.count } ?? 0) { best = (length, count) }
            }
            if let best {
                blocks.append(.repeated(count: best.count, steps: Array(steps[index..<(index + best.length)])))
                index += best.length * best.count
            } else {
                blocks.append(.step(steps[index]))
                index += 1
            }
        }
        return blocks
    }
}
