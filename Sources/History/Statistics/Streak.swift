import PacerFoundation

/// Runs of consecutive local calendar days with at least one session.
public struct Streak: Sendable, Equatable {
    /// The run that ends today or yesterday; 0 when the last session is older.
    public let current: Int
    public let longest: Int

    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }

    /// The streaks of `days` as of `today`; days after `today` do not count.
    public init(days: Set<CalendarDay>, today: CalendarDay) {
        let sorted = days.filter { $0 <= today }.sorted()
        var longest = 0
        var run = 0
        var previous: CalendarDay?
        for day in sorted {
            run = previous.map { day.number == $0.number + 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let current = previous.map { today.number - $0.number <= 1 } == true ? run : 0
        self.init(current: current, longest: longest)
    }
}
