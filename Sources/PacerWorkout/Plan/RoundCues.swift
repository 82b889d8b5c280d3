/// The steps of a repeat (or EMOM) as they run in one round: a cue written for one round
/// (`"round": 2`) is kept in that round only. The cues are sorted out once for the block, so a
/// block of many rounds, each with its own cue, expands in time linear in its phases.
struct RoundCues {
    private let steps: [Step]
    /// By step: the cues of every round, and the cues of each round that has its own, each with
    /// its place among the step's cues (they are said in the order written).
    private let split: [Int: (every: [(Int, WrittenCue)], own: [Int: [(Int, WrittenCue)]])]

    init(_ steps: [Step]) {
        self.steps = steps
        var split: [Int: (every: [(Int, WrittenCue)], own: [Int: [(Int, WrittenCue)]])] = [:]
        for (index, step) in steps.enumerated() {
            let cues: [WrittenCue] =
                switch step {
                case .timed(let timed): timed.cues
                case .reps(let rep): rep.cues
                default: []
                }
            guard cues.contains(where: { $0.round != nil }) else { continue }
            let placed = Array(cues.enumerated())
            split[index] = (
                placed.filter { $0.element.round == nil },
                Dictionary(grouping: placed.filter { $0.element.round != nil }) { $0.element.round ?? 0 }
            )
        }
        self.split = split
    }

    /// The steps with the cues said in round `round` (counted from 1).
    func steps(inRound round: Int) -> [Step] {
        guard !split.isEmpty else { return steps }
        var steps = self.steps
        for (index, cues) in split {
            let said = (cues.every + (cues.own[round] ?? [])).sorted { $0.0 < $1.0 }.map(\.1)
            switch steps[index] {
            case .timed(var timed):
                timed.cues = said
                steps[index] = .timed(timed)
            case .reps(var rep):
                rep.cues = said
                steps[index] = .reps(rep)
            default: break
            }
        }
        return steps
    }
}
