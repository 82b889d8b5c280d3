/// Paces written as clocks (`5:30`), as other apps write a range either way round (`6:00-5:30`).
enum PaceClocks {
    /// The seconds of a clock `m:ss`; nil for anything else.
    static func seconds(_ clock: Substring) -> Int? {
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    /// `low-high` (or one clock) with the faster pace, the fewer seconds, first, as pacer writes a range.
    static func fasterFirst(_ range: String) -> String {
        let clocks = range.split(separator: "-")
        guard clocks.count == 2, let first = seconds(clocks[0]), let second = seconds(clocks[1]), first > second else { return range }
        return clocks[1] + "-" + clocks[0]
    }
}
