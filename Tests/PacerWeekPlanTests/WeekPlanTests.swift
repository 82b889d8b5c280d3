import Testing

@testable import PacerFoundation
@testable import PacerWeekPlan
@testable import PacerWorkout

/// The week plan as days and times: which sessions a day plans, what comes next, when reminders
/// come, which session counts for which planned day, and the runs of weeks kept.
@Suite("week plan")
struct WeekPlanTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }
    static func time(_ text: String) -> TimeOfDay { TimeOfDay(text)! }

    /// Mon, Wed, Fri at 07:00 seven-minute; Sat (no time) tabata; Wed 18:00 tabata.
    static let plan = WeekPlan(entries: [
        WeekPlan.Entry(days: [.monday, .wednesday, .friday], time: time("07:00"), workout: PlannedWorkout("seven-minute")),
        WeekPlan.Entry(days: [.saturday], time: nil, workout: PlannedWorkout("tabata")),
        WeekPlan.Entry(days: [.wednesday], time: time("18:00"), workout: PlannedWorkout("tabata")),
    ])

    static func session(
        _ id: Int64, _ workout: String, on day: String, at clock: String, file: String? = nil,
        outcome: String = "completed"
    ) -> PlanSession {
        PlanSession(
            id: id, workout: workout, file: file ?? "<built-in>/\(workout).json", day: Self.day(day), time: time(clock), outcome: outcome)
    }

    @Test func daysAndTimesAreReadAsWritten() throws {
        #expect(try Weekday.days(in: "mon,wed,FRI").get() == [.monday, .wednesday, .friday])
        #expect(try Weekday.days(in: "fri,monday,fri").get() == [.monday, .friday])
        #expect(try Weekday.days(in: "daily").get() == Weekday.allCases)
        #expect(try Weekday.days(in: "weekend,mon").get() == [.monday, .saturday, .sunday])
        #expect(try Weekday.days(in: "weekdays").get().count == 5)
        let error = try #require(throws: DayWordError.self) { try Weekday.days(in: "mon,thrusday").get() }
        #expect(error.description.hasPrefix("'thrusday' is not a day of the week (did you mean 'thursday'?)"))
        #expect(throws: DayWordError.self) { try Weekday.days(in: "mon,,wed").get() }
        #expect(TimeOfDay("7:05")?.description == "07:05" && TimeOfDay("23:59")?.minutes == 1439)
        for text in ["24:00", "07:60", "7pm", "07", "07:0", "-1:00", "٠٧:٠٠", ""] { #expect(TimeOfDay(text) == nil, "\(text)") }
        #expect(Self.day("2026-11-30").dayOfWeek == .monday && Self.day("2026-12-06").dayOfWeek == .sunday)
        #expect(Self.day("2027-01-01").monday == Self.day("2026-12-28"))
    }

    @Test func aDayPlansItsSessionsByTimeThoseWithoutOneLast() {
        let wednesday = Self.plan.slots(on: Self.day("2026-12-02"))
        #expect(
            wednesday.map(\.workout.reference) == ["seven-minute", "tabata"]
                && wednesday.map(\.time) == [Self.time("07:00"), Self.time("18:00")])
        let saturday = Self.plan.slots(on: Self.day("2026-12-05"))
        #expect(saturday.map(\.workout.reference) == ["tabata"] && saturday[0].time == nil)
        #expect(Self.plan.slots(on: Self.day("2026-12-01")).isEmpty, "nothing on Tuesday")
        #expect(Self.plan.next(after: Self.day("2026-12-01"))?.day == Self.day("2026-12-02"))
        #expect(Self.plan.next(after: Self.day("2026-12-05"))?.day == Self.day("2026-12-07"), "from Saturday to Monday over the week's end")
        #expect(WeekPlan().next(after: Self.day("2026-12-01")) == nil)
        let later = WeekPlan(entries: [
            WeekPlan.Entry(days: [.monday], time: nil, workout: PlannedWorkout("x"), since: Self.day("2027-03-01"))
        ])
        #expect(
            later.slots(on: Self.day("2027-02-22")).isEmpty && later.next(after: Self.day("2026-12-01"))?.day == Self.day("2027-03-01"),
            "an entry counts from its since")
    }

    @Test func aSessionOfTheWorkoutThatDayKeepsThePlannedDayCompletedOrNot() {
        // Wednesday 2 December 2026: Monday's kept by a quit session, Wednesday's morning done, the evening to do.
        let sessions = [
            Self.session(1, "seven-minute", on: "2026-11-30", at: "07:04", outcome: "quit"),
            Self.session(2, "tabata", on: "2026-12-01", at: "18:00"),
            Self.session(3, "seven-minute", on: "2026-12-02", at: "06:55", file: "/home/u/.config/pacer/workouts/seven-minute.json"),
        ]
        let week = PlanWeek(plan: Self.plan, week: Self.day("2026-11-30"), sessions: sessions, today: Self.day("2026-12-02"))
        #expect(week.days.map(\.status) == [.done(sessions[0]), .done(sessions[2]), .today, .toCome, .toCome])
        #expect(week.planned == 5 && week.done == 2 && !week.isKept)
        #expect(week.waiting(on: Self.day("2026-12-02")).map(\.workout.reference) == ["tabata"])
        // On Saturday, Wednesday evening and Friday are missed.
        let saturday = PlanWeek(plan: Self.plan, week: Self.day("2026-11-30"), sessions: sessions, today: Self.day("2026-12-05"))
        #expect(saturday.days.map(\.status) == [.done(sessions[0]), .done(sessions[2]), .missed, .missed, .today])
    }

    @Test func eachSessionCountsForOnePlannedSession() {
        let twice = WeekPlan(entries: [
            WeekPlan.Entry(days: [.monday], time: Self.time("07:00"), workout: PlannedWorkout("tabata")),
            WeekPlan.Entry(days: [.monday], time: Self.time("18:00"), workout: PlannedWorkout("tabata")),
        ])
        let one = [Self.session(1, "tabata", on: "2026-11-30", at: "12:00")]
        let week = PlanWeek(plan: twice, week: Self.day("2026-11-30"), sessions: one, today: Self.day("2026-11-30"))
        #expect(week.days.map(\.status) == [.done(one[0]), .today])
        let both = one + [Self.session(2, "tabata", on: "2026-11-30", at: "18:30")]
        #expect(PlanWeek(plan: twice, week: Self.day("2026-11-30"), sessions: both, today: Self.day("2026-11-30")).isKept)
    }

    @Test func aWorkoutIsMatchedByItsFileNameOrItsLineOfNotation() {
        let named = PlannedWorkout("seven-minute")
        #expect(named.matches(workout: "7-Minute Workout", file: "<built-in>/seven-minute.json"))
        #expect(named.matches(workout: "Mine", file: "/home/u/.config/pacer/workouts/seven-minute.json"), "an edited copy still counts")
        #expect(!named.matches(workout: "seven-minute", file: "<built-in>/tabata.json"))
        #expect(PlannedWorkout("~/w/hills.json").matches(workout: "Hills", file: "/home/u/w/hills.json"))
        let line = PlannedWorkout("10s prepare, 8x(20s Sprint, 10s rest)")
        #expect(line.matches(workout: "10s prepare, 8x(20s Sprint, 10s rest)", file: "<notation>"))
        #expect(!line.matches(workout: "10s prepare, 8x(20s Sprint, 10s rest)", file: "/w/other.json"))
        #expect(!line.matches(workout: "20s Sprint", file: "<notation>"))
    }

    @Test func aPathIsTakenFromThePlansFolderAndHome() {
        let folder = "/home/u/.config/pacer"
        let home = "/home/u"
        #expect(PlannedWorkout("w/hills.json").runnable(from: folder, home: home) == "/home/u/.config/pacer/w/hills.json")
        #expect(PlannedWorkout("hills.json").runnable(from: folder, home: home) == "/home/u/.config/pacer/hills.json")
        #expect(PlannedWorkout("~/w/hills.json").runnable(from: folder, home: home) == "/home/u/w/hills.json")
        #expect(PlannedWorkout("/w/hills.json").runnable(from: folder, home: home) == "/w/hills.json")
        #expect(PlannedWorkout("seven-minute").runnable(from: folder, home: home) == "seven-minute")
        #expect(PlannedWorkout("5 reps Squat @ 80 kg/side").runnable(from: folder, home: home) == "5 reps Squat @ 80 kg/side")
    }

    @Test func remindersComeALeadBeforeAndAtTheUntimedHourOtherwise() {
        #expect(
            Self.plan.reminderTimes == [
                ReminderTime(days: [.monday, .wednesday, .friday], time: Self.time("06:45")),
                ReminderTime(days: [.wednesday], time: Self.time("17:45")),
                ReminderTime(days: [.saturday], time: Self.time("18:00")),
            ])
        var early = WeekPlan(entries: [
            WeekPlan.Entry(days: [.monday, .sunday], time: Self.time("00:10"), workout: PlannedWorkout("x")),
            WeekPlan.Entry(days: [.tuesday], time: nil, workout: PlannedWorkout("y")),
        ])
        early.reminders = ReminderSettings(lead: 30, untimed: Self.time("23:40"))
        #expect(
            early.reminderTimes == [
                ReminderTime(days: [.tuesday, .saturday, .sunday], time: Self.time("23:40"))
            ], "00:10 less half an hour is 23:40 the day before: Sunday's on Saturday, Monday's on Sunday")
        #expect(WeekPlan().reminderTimes.isEmpty)
    }

    @Test func progressCountsWeeksAndTheRunsOfWeeksKept() {
        let plan = WeekPlan(entries: [
            WeekPlan.Entry(days: [.monday, .thursday], time: nil, workout: PlannedWorkout("tabata"), since: Self.day("2026-11-02"))
        ])
        // Kept in W45 and W46, missed a Thursday in W47, kept W48, and this week (W49) Monday so far.
        let days = ["2026-11-02", "2026-11-05", "2026-11-09", "2026-11-12", "2026-11-16", "2026-11-23", "2026-11-26", "2026-11-30"]
        let sessions = days.enumerated().map { Self.session(Int64($0.offset), "tabata", on: $0.element, at: "07:00") }
        let progress = PlanProgress(plan: plan, sessions: sessions, today: Self.day("2026-12-01"), weekCount: 6)
        #expect(progress.weeks.map(\.week.description) == ["2026-W44", "2026-W45", "2026-W46", "2026-W47", "2026-W48", "2026-W49"])
        #expect(progress.weeks.map(\.planned) == [0, 2, 2, 2, 2, 2], "nothing before the entry's since")
        #expect(progress.weeks.map(\.done) == [0, 2, 2, 1, 2, 1])
        #expect(progress.thisWeek.done == 1)
        #expect(progress.currentRun == 1 && progress.longestRun == 2, "this week is in progress: it neither keeps nor breaks the run yet")
        let kept = PlanProgress(
            plan: plan, sessions: sessions + [Self.session(99, "tabata", on: "2026-12-03", at: "07:00")],
            today: Self.day("2026-12-03"), weekCount: 6)
        #expect(kept.currentRun == 2 && kept.longestRun == 2, "a week kept early counts at once")
        #expect(PlanProgress(plan: WeekPlan(), sessions: sessions, today: Self.day("2026-12-01")).weeks.allSatisfy { $0.planned == 0 })
    }
}
