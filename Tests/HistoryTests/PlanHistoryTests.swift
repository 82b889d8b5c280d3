import HistoryTestSupport
import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWeekPlan
import Testing

@testable import History
@testable import HistorySink

/// The week plan against a real history file on a fixed clock: a session counts for the local day
/// it started on, by the offset in force where it ran, whatever the clock says now.
@Suite("week plan against the history")
struct PlanHistoryTests {
    let folder: TemporaryFolder
    let store: HistoryStore

    init() throws {
        folder = try TemporaryFolder()
        store = try HistoryStore(path: folder.file("history.sqlite3"))
    }

    /// Tabata every day of the week.
    static let daily = WeekPlan(entries: [
        WeekPlan.Entry(days: Weekday.allCases, time: TimeOfDay("07:00"), workout: PlannedWorkout("tabata"))
    ])

    /// The week of `now` as the plan sees it, from the sessions in the file.
    func week(_ plan: WeekPlan = daily, now: String) throws -> PlanWeek {
        let today = wall(now).localDay
        return PlanWeek(plan: plan, week: today.monday, sessions: try store.summaries().map(\.planSession), today: today)
    }

    /// The status of the planned session on `date`.
    func status(on date: String, _ week: PlanWeek) -> PlanWeek.Day.Status? {
        week.days.first { $0.slot.day == day(date) }?.status
    }

    @Test func aSessionRunOverMidnightCountsForTheDayItStarted() throws {
        // Monday 30 November 2026, 23:50 in Berlin, twenty minutes long: it ends on Tuesday.
        try store.record("tabata", at: "2026-11-30T23:50:00+01:00", phases: [work(1, seconds: 1200)])
        let tuesday = try week(now: "2026-12-01T00:10:00+01:00")
        guard case .done(let session) = status(on: "2026-11-30", tuesday) else {
            Issue.record("Monday is not done: \(tuesday.days)")
            return
        }
        #expect(session.time == TimeOfDay("23:50") && session.outcome == "completed")
        #expect(status(on: "2026-12-01", tuesday) == .today, "the session that ran into Tuesday does not count for Tuesday")
        #expect(tuesday.done == 1)
    }

    @Test func aSessionCountsForItsOwnLocalDayInAnyTimeZone() throws {
        // Monday 23:30 in New York is Tuesday 05:30 in Berlin, where the plan is read on Tuesday.
        try store.record("tabata", at: "2026-11-30T23:30:00-05:00", phases: [work(1)], outcome: .quit)
        let berlin = try week(now: "2026-12-01T10:00:00+01:00")
        guard case .done(let session) = status(on: "2026-11-30", berlin) else {
            Issue.record("Monday is not done: \(berlin.days)")
            return
        }
        #expect(session.outcome == "quit", "a session counts completed or not, and says which")
        #expect(status(on: "2026-12-01", berlin) == .today)
        // Read back in Tokyo on Wednesday morning the same session still counts for Monday.
        let tokyo = try week(now: "2026-12-02T08:00:00+09:00")
        #expect(status(on: "2026-11-30", tokyo).map { if case .done = $0 { true } else { false } } == true)
        #expect(status(on: "2026-12-01", tokyo) == .missed && status(on: "2026-12-02", tokyo) == .today)
    }

    @Test func aNewWeekStartsOnMondayWithNothingDone() throws {
        try store.record("tabata", at: "2026-12-06T23:30:00+01:00", phases: [work(1)])
        let sunday = try week(now: "2026-12-06T23:59:00+01:00")
        #expect(sunday.week.description == "2026-W49" && sunday.done == 1 && status(on: "2026-12-06", sunday) != .today)
        let monday = try week(now: "2026-12-07T00:01:00+01:00")
        #expect(monday.week.description == "2026-W50" && monday.done == 0)
        #expect(
            monday.days.map(\.status) == [.today] + Array(repeating: .toCome, count: 6), "last Sunday's session counts for nothing here")
        try store.record("tabata", at: "2026-12-07T00:05:00+01:00", phases: [work(1)])
        #expect(try week(now: "2026-12-07T00:30:00+01:00").done == 1)
    }

    @Test func onlyASessionOfThatWorkoutCounts() throws {
        try store.record("strength", at: "2026-11-30T07:00:00+01:00", phases: [work(1)])
        #expect(try week(now: "2026-11-30T20:00:00+01:00").done == 0)
    }

    @Test func theEndOfSessionLineCountsThePlannedSessionsOfTheWeek() throws {
        let plan = WeekPlan(entries: [WeekPlan.Entry(days: [.monday, .wednesday, .friday], time: nil, workout: PlannedWorkout("tabata"))])
        let monday = try store.record("tabata", at: "2026-11-30T07:00:00+01:00", phases: [work(1)])
        #expect(try store.standing(ofSession: monday, plan: plan)?.text == "1st session this week · 1 of 3 planned this week")
        let extra = try store.record("strength", at: "2026-12-01T07:00:00+01:00", phases: [work(1)])
        #expect(
            try store.standing(ofSession: extra, plan: plan)?.text == "2nd session this week · 1 of 3 planned this week · streak 2 days")
        let wednesday = try store.record("tabata", at: "2026-12-02T07:00:00+01:00", phases: [work(1)])
        #expect(
            try store.standing(ofSession: wednesday, plan: plan)?.text == "3rd session this week · 2 of 3 planned this week · streak 3 days"
        )
        #expect(try store.standing(ofSession: monday, plan: plan)?.planned?.done == 1, "a session counts only what came before it")
        #expect(try store.standing(ofSession: monday)?.text == "1st session this week", "no plan, no count")
        #expect(try store.standing(ofSession: monday, plan: WeekPlan())?.text == "1st session this week", "nothing planned, no count")
    }

    @Test func theStatisticsCountThePlanOverTheWeeks() throws {
        let plan = WeekPlan(entries: [
            WeekPlan.Entry(days: [.monday], time: nil, workout: PlannedWorkout("tabata"), since: day("2026-11-16"))
        ])
        for date in ["2026-11-16", "2026-11-23", "2026-11-30"] {
            try store.record("tabata", at: "\(date)T07:00:00+01:00", phases: [work(1)])
        }
        let statistics = try store.statistics(today: day("2026-12-01"), plan: plan)
        let progress = try #require(statistics.plan)
        #expect(progress.weeks.count == 12 && progress.weeks.suffix(3).map(\.done) == [1, 1, 1] && progress.thisWeek.planned == 1)
        #expect(progress.currentRun == 3 && progress.longestRun == 3)
        #expect(try store.statistics(today: day("2026-12-01")).plan == nil)
    }

    @Test func theSinkReadsThePlanFromTheConfigFolderAndGoesWithoutABrokenOne() throws {
        let environment = ["XDG_CONFIG_HOME": folder.path]
        #expect(HistorySink.plan(environment) == nil, "no plan file")
        try FileSystem.createDirectories(folder.file("pacer"))
        writeFile(folder.file("pacer/plan.json"), Array(#"{"entries": [{"days": ["mon"], "workout": "tabata"}]}"#.utf8))
        #expect(HistorySink.plan(environment)?.entries.count == 1)
        writeFile(folder.file("pacer/plan.json"), Array(#"{"entries": [{"days": ["mno"], "workout": "tabata"}]}"#.utf8))
        #expect(HistorySink.plan(environment) == nil, "an invalid plan is left out of the summary")
    }
}
