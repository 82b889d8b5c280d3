import PacerFoundation

/// The plan over the weeks, as of a day: planned against done in each of the last weeks (this
/// one so far last), and runs of weeks with every planned session kept.
public struct PlanProgress: Sendable, Equatable {
    /// One week's count.
    public struct Week: Sendable, Equatable {
        public let week: ISOWeek
        public let planned: Int
        public let done: Int
    }

    /// Oldest first, ending with the week of `today`.
    public let weeks: [Week]
    /// Weeks in a row with every planned session kept, up to last week, and this week once it is.
    /// A week with nothing planned neither keeps a run nor breaks it.
    public let currentRun: Int
    public let longestRun: Int

    /// The progress of `plan` over `sessions`. The runs start in the week of the earliest entry's
    /// `since`, or of the first session when an entry has none.
    public init(plan: WeekPlan, sessions: [PlanSession], today: CalendarDay, weekCount: Int = 12) {
        let byDay = Dictionary(grouping: sessions, by: \.day)
        let thisWeek = today.monday
        func week(_ monday: CalendarDay) -> PlanWeek {
            PlanWeek(plan: plan, week: monday, sessionsByDay: byDay, today: today)
        }
        weeks = (0..<weekCount).reversed().map { back in week(thisWeek.adding(days: -7 * back)).tally }
        let undated = plan.entries.contains { $0.since == nil }
        let starts = plan.entries.compactMap(\.since) + (undated ? [sessions.map(\.day).min() ?? today] : [])
        var run = 0
        var longest = 0
        var monday = (starts.min() ?? today).monday
        while monday <= thisWeek {
            let counted = week(monday)
            if counted.isKept {
                run += 1
                longest = max(longest, run)
            } else if counted.planned > 0 && monday < thisWeek {
                run = 0
            }
            monday = monday.adding(days: 7)
        }
        currentRun = run
        longestRun = longest
    }

    /// This week's count.
    public var thisWeek: Week { weeks[weeks.count - 1] }
}
