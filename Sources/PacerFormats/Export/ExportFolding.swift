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
            if let run = RepeatedRun.longest(at: index, of: steps.count, lengths: 1...longestRound, same: { same(steps[$0], steps[$1]) }) {
                blocks.append(.repeated(count: run.count, steps: Array(steps[index..<(index + run.length)])))
                index += run.length * run.count
            } else {
                blocks.append(.step(steps[index]))
                index += 1
            }
        }
        return blocks
    }
}
