import History
import PacerFoundation
import PacerWeekPlan

/// The week plan against the history as of now: this week's planned sessions and how each stands,
/// what waits today, and what comes after today. `pacer plan`, `pacer today` and `pacer remind`
/// all read it.
public struct PlanToday: Sendable {
    public let plan: WeekPlan
    /// The moment the plan is read at.
    public let now: WallTime
    public let today: CalendarDay
    public let week: PlanWeek
    /// Today's planned sessions not done yet, in the order of the day.
    public let waiting: [PlanSlot]
    /// The first session planned after today.
    public let next: PlanSlot?

    /// The plan against `sessions` (any, in any order) on the day `now` is in.
    public init(plan: WeekPlan, sessions: [SessionOverview], now: WallTime) {
        self.plan = plan
        self.now = now
        today = now.localDay
        week = PlanWeek(plan: plan, week: today.monday, sessions: sessions.map(\.planSession), today: today)
        waiting = week.waiting(on: today)
        next = plan.next(after: today)
    }

    /// The plan against the history in `store` (nil: none yet) on the day `now` is in.
    public init(plan: WeekPlan, store: HistoryStore?, now: WallTime) throws(HistoryError) {
        self.init(plan: plan, sessions: try store?.summaries() ?? [], now: now)
    }

    /// Today's planned sessions that are done, with the sessions that kept them.
    var doneToday: [(slot: PlanSlot, session: PlanSession)] {
        week.days.compactMap { day in
            guard day.slot.day == today, case .done(let session) = day.status else { return nil }
            return (day.slot, session)
        }
    }

    /// What `pacer today` says when nothing is left to run today: `nothing planned today; next:
    /// Wednesday 07:00, seven-minute`, or that today's plan is done.
    public var nothingLeft: TerminalText {
        guard !plan.entries.isEmpty else {
            return "nothing planned today: the plan is empty ('pacer plan add DAYS [TIME] WORKOUT' plans a workout)"
        }
        let after = next.map { "next: \(Self.when($0, from: today)), \($0.workout)" } ?? "nothing is planned in the year to come"
        let done = doneToday
        guard !done.isEmpty else { return TerminalText("nothing planned today; \(after)") }
        let sessions = done.map { "\($0.slot.workout) at \($0.session.time), \($0.session.outcome)" }.joined(separator: "; ")
        return TerminalText("today's plan is done (\(sessions)); \(after)")
    }

    /// The reminder for the session whose reminder time (by the plan's `reminders`) came last, up
    /// to now: one waiting today, or tomorrow's when its time less the lead falls today (a session
    /// at 00:10 is reminded of at 23:55 the evening before). Before any reminder time has come,
    /// the first session waiting today; nil when none waits.
    /// `seven-minute is planned today at 07:00 and not done yet ('pacer today' starts it)`.
    public var reminder: TerminalText? {
        let minute = now.timeOfDay.minutes
        let tomorrow = plan.slots(on: today.adding(days: 1))
        let candidates =
            waiting.map { (slot: $0, at: remindedAt($0, daysAhead: 0)) } + tomorrow.map { (slot: $0, at: remindedAt($0, daysAhead: 1)) }
        // The latest reminder time that has come; of equal ones, the first in the order of the days.
        var chosen: (slot: PlanSlot, at: Int)?
        for candidate in candidates where candidate.at <= minute && candidate.at > (chosen?.at ?? Int.min) { chosen = candidate }
        guard let slot = chosen?.slot ?? waiting.first else { return nil }
        let at = slot.time.map { " at \($0)" } ?? ""
        guard slot.day == today else {
            return TerminalText("\(slot.workout) is planned tomorrow, \(slot.day.shortSpoken),\(at) ('pacer today' starts it then)")
        }
        return TerminalText("\(slot.workout) is planned today\(at) and not done yet ('pacer today' starts it)")
    }

    /// When `slot`, on the day `daysAhead` after today, is reminded of, in minutes from today's
    /// midnight (negative: the day before).
    private func remindedAt(_ slot: PlanSlot, daysAhead: Int) -> Int {
        daysAhead * TimeOfDay.minutesPerDay + (slot.time.map { $0.minutes - plan.reminders.lead } ?? plan.reminders.untimed.minutes)
    }

    /// `Wednesday 07:00` within the coming week, else `Mon 7 Dec 2026 07:00`.
    static func when(_ slot: PlanSlot, from today: CalendarDay) -> String {
        let day = slot.day.number - today.number < 7 ? slot.day.dayOfWeek.name : slot.day.spoken
        return day + (slot.time.map { " \($0)" } ?? "")
    }
}
