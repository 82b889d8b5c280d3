/// A round of items written again and again in a row, found where a list can be folded into a repeat.
struct RepeatedRun: Equatable {
    /// How many items one round holds.
    let length: Int
    /// How many times the round is written in a row, at least 2.
    let count: Int

    /// At `start` of a list of `total` items, the round of `lengths` items that, written at least
    /// twice in a row, covers the most items (the shortest round on a tie); nil when none does.
    /// `same(i, j)` says whether items `i` and `j` are alike.
    static func longest(at start: Int, of total: Int, lengths: ClosedRange<Int>, same: (Int, Int) -> Bool) -> RepeatedRun? {
        var best: RepeatedRun?
        for length in lengths where start + 2 * length <= total {
            var count = 1
            while start + (count + 1) * length <= total, (0..<length).allSatisfy({ same(start + count * length + $0, start + $0) }) {
                count += 1
            }
            if count > 1, length * count > (best.map { $0.length * $0.count } ?? 0) { best = RepeatedRun(length: length, count: count) }
        }
        return best
    }
}
