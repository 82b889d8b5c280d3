import PacerFoundation
import PacerWeekPlan

/// How a session stands against the history before it, for the end-of-session summary:
/// `3rd session this week · 2 of 3 planned this week · streak 5 days · new best on Squat: 80 kg × 5`.
public struct SessionStanding: Sendable, Equatable {
    /// The session's place among the sessions of its ISO week (1 for the first).
    public let sessionOfWeek: Int
    /// The week plan's sessions of the session's week, planned and done up to it; nil without a
    /// plan or with nothing planned that week.
    public let planned: PlanProgress.Week?
    /// Consecutive training days ending on the session's day.
    public let streak: Int
    /// Sets of this session that beat every earlier set of their exercise and unit (by estimated
    /// one-rep max), the best per exercise; an exercise's first set ever is no record.
    public let newBests: [StrengthSet]

    /// The standing of session `id`; nil when `sessions` has no such session. `sessions` is the
    /// whole history, or every session from some day on that takes in the session's week and
    /// streak: a set of a session not among them is of an earlier one.
    public init?(session id: Int64, sessions: [SessionOverview], sets: [StrengthSet], plan: WeekPlan? = nil) {
        guard let this = sessions.first(where: { $0.id == id }) else { return nil }
        let isBefore = { (other: SessionOverview) in (other.started.epochSeconds, other.id) < (this.started.epochSeconds, this.id) }
        let before = sessions.filter(isBefore)
        let week = this.day.isoWeek
        sessionOfWeek = before.filter { $0.day.isoWeek == week }.count + 1
        planned = plan.map { plan in
            PlanWeek(plan: plan, week: this.day.monday, sessions: (before + [this]).map(\.planSession), today: this.day)
        }.flatMap { $0.planned == 0 ? nil : $0.tally }
        streak = Streak(days: Set(before.map(\.day) + [this.day]), today: this.day).current
        let notEarlier = Set(sessions.filter { !isBefore($0) }.map(\.id))
        var bests: [StrengthSet] = []
        for set in sets where set.session == id {
            let previous = sets.filter { !notEarlier.contains($0.session) && $0.exercise == set.exercise && $0.unit == set.unit }
            guard let record = previous.max(by: { $1.beats($0) }), set.beats(record) else { continue }
            if let index = bests.firstIndex(where: { $0.exercise == set.exercise && $0.unit == set.unit }) {
                if set.beats(bests[index]) { bests[index] = set }
            } else {
                bests.append(set)
            }
        }
        newBests = bests
    }

    /// One line: the session's place in its week, the plan's count, the streak from two days on,
    /// and any new bests.
    public var text: String {
        var parts = ["\(Self.ordinal(sessionOfWeek)) session this week"]
        if let planned { parts.append("\(planned.done) of \(planned.planned) planned this week") }
        if streak >= 2 { parts.append("streak \(streak) days") }
        parts += newBests.map { "new best on \($0.exercise): \($0.text)" }
        return parts.joined(separator: " · ")
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `112th`.
    static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 10, number % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }
}
