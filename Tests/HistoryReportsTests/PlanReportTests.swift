import Foundation
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import PacerWeekPlan
import PacerWorkout
import Testing

@testable import History
@testable import HistoryReports

/// What `pacer plan`, `pacer today` and `pacer remind` say, from a real history file on a fixed
/// clock (Wednesday 2 December 2026, 12:00 in Berlin).
@Suite("plan, today and remind output")
struct PlanReportTests {
    let folder: TemporaryFolder
    let store: HistoryStore
    static let now = "2026-12-02T12:00:00+01:00"

    init() throws {
        folder = try TemporaryFolder()
        store = try HistoryStore(path: folder.file("history.sqlite3"))
    }

    static func entry(_ days: [Weekday], _ time: String?, _ workout: String) -> WeekPlan.Entry {
        WeekPlan.Entry(days: days, time: time.flatMap(TimeOfDay.init), workout: PlannedWorkout(workout))
    }

    func today(_ entries: [WeekPlan.Entry], now: String = now, reminders: ReminderSettings = ReminderSettings()) throws -> PlanToday {
        try PlanToday(plan: WeekPlan(entries: entries, reminders: reminders), store: store, now: wall(now))
    }

    @Test func nothingPlannedTodaySaysWhatComesNext() throws {
        #expect(
            try today([]).nothingLeft.plain
                == "nothing planned today: the plan is empty ('pacer plan add DAYS [TIME] WORKOUT' plans a workout)")
        let friday = try today([Self.entry([.friday], "07:00", "seven-minute"), Self.entry([.monday], nil, "tabata")])
        #expect(friday.waiting.isEmpty && friday.reminder == nil)
        #expect(friday.nothingLeft.plain == "nothing planned today; next: Friday 07:00, seven-minute")
        let far = WeekPlan.Entry(days: [.monday], time: nil, workout: PlannedWorkout("tabata"), since: day("2028-01-03"))
        #expect(try today([far]).nothingLeft.plain == "nothing planned today; nothing is planned in the year to come")
        let inAWeek = try today([Self.entry([.wednesday], nil, "tabata")], now: "2026-12-02T12:00:00+01:00")
        #expect(inAWeek.waiting.map(\.workout.reference) == ["tabata"], "today itself is planned")
        try store.record("tabata", at: "2026-12-02T08:00:00+01:00", phases: [work(1)])
        let done = try today([Self.entry([.wednesday], nil, "tabata")])
        #expect(
            done.nothingLeft.plain == "today's plan is done (tabata at 08:00, completed); next: Wed 9 Dec 2026, tabata",
            "a week away is a date")
    }

    @Test func oneOrTwoPlannedTodayWaitInTheOrderOfTheDay() throws {
        let one = try today([Self.entry([.wednesday], "18:30", "tabata")])
        #expect(one.waiting.map(\.workout.reference) == ["tabata"])
        #expect(one.reminder?.plain == "tabata is planned today at 18:30 and not done yet ('pacer today' starts it)")

        let entries = [Self.entry([.wednesday], nil, "strength"), Self.entry([.monday, .wednesday], "07:00", "seven-minute")]
        #expect(try today(entries).waiting.map(\.workout.reference) == ["seven-minute", "strength"], "the timed one first")
        try store.record("seven-minute", at: "2026-12-02T07:10:00+01:00", phases: [work(1)], outcome: .quit)
        let second = try today(entries)
        #expect(second.waiting.map(\.workout.reference) == ["strength"], "a quit session keeps its planned day")
        #expect(second.reminder?.plain == "strength is planned today and not done yet ('pacer today' starts it)")
        try store.record("strength", at: "2026-12-02T11:00:00+01:00", phases: [work(1)])
        let both = try today(entries)
        #expect(both.waiting.isEmpty && both.reminder == nil)
        #expect(
            both.nothingLeft.plain
                == "today's plan is done (seven-minute at 07:10, quit; strength at 11:00, completed); next: Monday 07:00, seven-minute")
    }

    /// A reminder that comes the evening before (a session just after midnight, or a long lead)
    /// names tomorrow's session; one at the time of a session today names that one.
    @Test func theReminderNamesTheSessionItIsForWhateverDayItComes() throws {
        let entries = [
            Self.entry([.thursday], "00:10", "tabata"), Self.entry([.wednesday], "07:00", "seven-minute"),
            Self.entry([.wednesday], nil, "stretch"),
        ]
        let evening = try today(entries, now: "2026-12-02T23:55:00+01:00")
        #expect(evening.reminder?.plain == "tabata is planned tomorrow, Thu 3 Dec, at 00:10 ('pacer today' starts it then)")
        let atSix = try today(entries, now: "2026-12-02T18:00:00+01:00")
        #expect(
            atSix.reminder?.plain == "stretch is planned today and not done yet ('pacer today' starts it)", "the untimed hour's reminder")
        let early = try today(entries, now: "2026-12-02T05:00:00+01:00")
        #expect(
            early.reminder?.plain == "seven-minute is planned today at 07:00 and not done yet ('pacer today' starts it)",
            "before any reminder time, the first waiting today")

        let morning = [Self.entry([.thursday], "06:30", "run")]
        let longLead = ReminderSettings(lead: 12 * 60, untimed: TimeOfDay("18:00")!)
        #expect(
            try today(morning, now: "2026-12-02T18:30:00+01:00", reminders: longLead).reminder?.plain
                == "run is planned tomorrow, Thu 3 Dec, at 06:30 ('pacer today' starts it then)",
            "12 h before 06:30 is 18:30 the day before")
        #expect(try today(morning, now: "2026-12-02T18:29:00+01:00", reminders: longLead).reminder == nil, "not before its time")
        #expect(try today(morning, now: "2026-12-02T23:55:00+01:00").reminder == nil, "with a 15 min lead, not the evening before")
        let sunday = [Self.entry([.monday], "00:05", "tabata")]
        #expect(
            try today(sunday, now: "2026-12-06T23:59:00+01:00").reminder?.plain
                == "tabata is planned tomorrow, Mon 7 Dec, at 00:05 ('pacer today' starts it then)",
            "across the end of the week")
    }

    @Test func thePlanShowsTheWeekNextWeeksFirstAndTheEntries() throws {
        try store.record("seven-minute", at: "2026-11-30T07:04:00+01:00", phases: [work(1)], outcome: .quit)
        let entries = [
            Self.entry([.monday, .wednesday, .friday], "07:00", "seven-minute"),
            Self.entry(Weekday.allCases.filter { $0 > .friday }, nil, "tabata"),
            Self.entry([.tuesday], "18:00", "Evil\u{1B}[2J"),
        ]
        let text = PlanReport(today: try today(entries), file: "~/.config/pacer/plan.json", style: HistoryStyle(colored: false)).text
        #expect(
            text == """
                This week, 2026-W49  1 of 6 planned done
                  Mon 30 Nov  07:00  seven-minute   done at 07:04, quit
                  Tue 1 Dec   18:00  Evil\\u{1b}[2J  missed
                  Wed 2 Dec   07:00  seven-minute   today
                  Fri 4 Dec   07:00  seven-minute   to come
                  Sat 5 Dec          tabata         to come
                  Sun 6 Dec          tabata         to come
                Next week: Mon 7 Dec 07:00, seven-minute

                The plan  ~/.config/pacer/plan.json
                  1  Mon, Wed, Fri  07:00  seven-minute
                  2  weekend               tabata
                  3  Tue            18:00  Evil\\u{1b}[2J

                """)
        let colored = PlanReport(today: try today(entries), file: "plan.json", style: HistoryStyle(colored: true)).text
        #expect(
            colored.contains("\u{1B}[33mquit\u{1B}[0m") && colored.contains("\u{1B}[31mmissed\u{1B}[0m")
                && colored.contains("\u{1B}[1mtoday\u{1B}[0m"))
        #expect(!colored.contains("\u{1B}[2J"), "the plan's own text never reaches the terminal raw")
        #expect(
            PlanReport(today: try today([]), file: "plan.json", style: HistoryStyle(colored: false)).text.hasPrefix(
                "Nothing is planned yet"))
    }

    @Test func statsShowThePlanBesideTheWeeksAndInJSON() throws {
        let plan = WeekPlan(entries: [
            WeekPlan.Entry(days: [.monday, .wednesday], time: nil, workout: PlannedWorkout("tabata"), since: day("2026-11-23"))
        ])
        for date in ["2026-11-23", "2026-11-25", "2026-11-30"] {
            try store.record("tabata", at: "\(date)T07:00:00+01:00", phases: [work(1)])
        }
        let statistics = try store.statistics(today: day("2026-12-02"), plan: plan)
        let lines = StatsReport(statistics: statistics, style: HistoryStyle(colored: false), columns: 80).text.components(separatedBy: "\n")
        #expect(lines.contains("  2026-W48  ██████████████████████████████████████████  40s  2 sessions  2 of 2 planned"), "\(lines)")
        #expect(lines.contains("  2026-W49  █████████████████████                       20s  1 session   1 of 2 planned"), "\(lines)")
        #expect(
            lines.contains("  2026-W47                                               0s"),
            "before the plan's since nothing is planned: \(lines)")
        #expect(lines.contains("Plan  1 of 2 planned this week · every planned session kept 1 week in a row (longest 1 week)"), "\(lines)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(StatsJSON.json(statistics).utf8)) as? [String: Any])
        let progress = try #require(json["plan"] as? [String: Any])
        let weeks = try #require(progress["weeks"] as? [[String: Any]])
        #expect(
            weeks.count == 12 && weeks.last?["week"] as? String == "2026-W49" && weeks.last?["planned"] as? Int == 2
                && weeks.last?["done"] as? Int == 1)
        #expect(progress["kept"] as? [String: Int] == ["current": 1, "longest": 1])
    }
}
