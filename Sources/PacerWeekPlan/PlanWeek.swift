import PacerFoundation

/// One ISO week of the plan against the history, as of a day: each planned session done (by the
/// session that ran that day, completed or not), missed, today, or to come.
public struct PlanWeek: Sendable, Equatable {
    /// A planned session and how it stands.
    public struct Day: Sendable, Equatable {
        /// How a planned session stands.
        public enum Status: Sendable, Equatable {
            /// A session of its workout ran that day (each session counts for one planned session).
            case done(PlanSession)
            case missed
            case today
            case toCome
        }

        public let slot: PlanSlot
        public let status: Status
    }

    public let monday: CalendarDay
    /// By day, then as `WeekPlan.slots(on:)` orders a day.
    public let days: [Day]

    /// The week that starts on `monday`; `sessions` may hold any others too.
    public init(plan: WeekPlan, week monday: CalendarDay, sessions: [PlanSession], today: CalendarDay) {
        self.init(plan: plan, week: monday, sessionsByDay: Dictionary(grouping: sessions, by: \.day), today: today)
    }

    init(plan: WeekPlan, week monday: CalendarDay, sessionsByDay: [CalendarDay: [PlanSession]], today: CalendarDay) {
        self.monday = monday
        var days: [Day] = []
        for offset in 0..<7 {
            let day = monday.adding(days: offset)
            var unused = (sessionsByDay[day] ?? []).sorted { ($0.time, $0.id) < ($1.time, $1.id) }
            for slot in plan.slots(on: day) {
                if let index = unused.firstIndex(where: { $0.ran(slot.workout) }) {
                    days.append(Day(slot: slot, status: .done(unused.remove(at: index))))
                } else {
                    days.append(Day(slot: slot, status: day < today ? .missed : day == today ? .today : .toCome))
                }
            }
        }
        self.days = days
    }

    public var week: ISOWeek { monday.isoWeek }
    public var planned: Int { days.count }

    public var done: Int {
        days.filter { if case .done = $0.status { true } else { false } }.count
    }

    /// The week's sessions planned and done.
    public var tally: PlanProgress.Week { PlanProgress.Week(week: week, planned: planned, done: done) }

    /// Whether something was planned and every planned session was kept.
    public var isKept: Bool { planned > 0 && done == planned }

    /// The sessions planned on `day` that are not done yet, in the order of the day.
    public func waiting(on day: CalendarDay) -> [PlanSlot] {
        days.filter { $0.slot.day == day && $0.status == .today }.map(\.slot)
    }
}
