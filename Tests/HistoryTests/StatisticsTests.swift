import HistoryTestSupport
import PacerWeekPlan
import Testing

@testable import History
@testable import PacerEngine
@testable import PacerFoundation

/// A session summary at a local time such as `2026-11-30T18:05:00+01:00`.
private func session(
    _ id: Int64, _ started: String, _ workout: String = "Tabata", minutes: Int64 = 10,
    outcome: SessionOutcome? = .completed, running: Bool = false
) -> SessionOverview {
    SessionOverview(id: id, workout: workout, started: wall(started), active: .seconds(minutes * 60), outcome: outcome, isRunning: running)
}

private func days(_ texts: String...) -> Set<CalendarDay> { Set(texts.map(day)) }

@Suite("Statistics on a fixed clock")
struct StatisticsTests {
    @Test func theCurrentStreakSurvivesOnlyUntilTheDayAfterTheLastSession() {
        let run = days("2026-11-28", "2026-11-29", "2026-11-30")
        #expect(Streak(days: run, today: day("2026-11-30")) == Streak(current: 3, longest: 3))
        #expect(Streak(days: run, today: day("2026-12-01")) == Streak(current: 3, longest: 3), "yesterday still counts")
        #expect(Streak(days: run, today: day("2026-12-02")) == Streak(current: 0, longest: 3))
        #expect(Streak(days: [], today: day("2026-12-02")) == Streak(current: 0, longest: 0))
    }

    @Test func theLongestStreakIsKeptApartFromTheCurrentOne() {
        let history = days("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-29", "2026-11-30")
        #expect(Streak(days: history, today: day("2026-11-30")) == Streak(current: 2, longest: 5))
        #expect(Streak(days: history, today: day("2026-11-04")) == Streak(current: 4, longest: 4), "later days do not count yet")
    }

    @Test func aStreakRunsOverTheYearBoundary() {
        let history = days("2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02")
        #expect(Streak(days: history, today: day("2027-01-02")) == Streak(current: 4, longest: 4))
        #expect(Streak(days: days("2028-02-28", "2028-02-29", "2028-03-01"), today: day("2028-03-01")).current == 3, "a leap day")
    }

    @Test func daysAreLocalByTheOffsetStoredWithEachSession() {
        // 23:30 in New York on the 29th is the 30th in UTC; a naive UTC day would merge it with the next session.
        let sessions = [session(1, "2026-11-29T23:30:00-05:00"), session(2, "2026-11-30T06:00:00+00:00")]
        let statistics = Statistics(sessions: sessions, sets: [], today: day("2026-11-30"))
        #expect(statistics.streak == Streak(current: 2, longest: 2))
        #expect(sessions.map(\.day.description) == ["2026-11-29", "2026-11-30"])
    }

    @Test func twelveISOWeeksEndWithTodaysAndSpanTheYearBoundary() {
        let sessions = [
            session(1, "2026-10-11T10:00:00+02:00", minutes: 99), // Sunday of 2026-W41: too old
            session(2, "2026-10-12T10:00:00+02:00", minutes: 5), // Monday of 2026-W42: the first week shown
            session(3, "2026-12-28T07:00:00+01:00", minutes: 20), // 2026-W53
            session(4, "2027-01-01T00:30:00+01:00", minutes: 30), // still 2026-W53 (and 2026-12-31 in UTC)
            session(5, "2027-01-02T09:00:00+01:00", minutes: 15, outcome: nil),
        ]
        let statistics = Statistics(sessions: sessions, sets: [], today: day("2027-01-02"))
        #expect(statistics.weeks.count == 12)
        #expect(statistics.weeks.map(\.week.description) == (42...53).map { "2026-W\($0)" })
        #expect(statistics.weeks.first == Statistics.Week(week: ISOWeek(year: 2026, week: 42), sessions: 1, active: .seconds(300)))
        #expect(statistics.weeks.last == Statistics.Week(week: ISOWeek(year: 2026, week: 53), sessions: 3, active: .seconds(65 * 60)))
        #expect(statistics.weeks.dropFirst().dropLast().allSatisfy { $0.sessions == 0 && $0.active == .zero })

        let nextWeek = Statistics(sessions: sessions, sets: [], today: day("2027-01-04"))
        #expect(nextWeek.weeks.last?.week.description == "2027-W01" && nextWeek.weeks.last?.sessions == 0)
        #expect(nextWeek.weeks.dropLast().last?.week.description == "2026-W53")
    }

    @Test func sessionsAndCompletionPerWorkout() {
        let sessions = [
            session(1, "2026-11-01T10:00:00+01:00", "Tabata"), session(2, "2026-11-02T10:00:00+01:00", "Tabata", outcome: .quit),
            session(3, "2026-11-03T10:00:00+01:00", "Tabata", outcome: nil), session(4, "2026-11-04T10:00:00+01:00", "EMOM"),
            session(5, "2026-11-05T10:00:00+01:00", "Abs", outcome: .aborted),
        ]
        let workouts = Statistics(sessions: sessions, sets: [], today: day("2026-11-30")).workouts
        #expect(workouts.map(\.name) == ["Tabata", "Abs", "EMOM"], "most sessions first, then by name")
        #expect(workouts.map(\.sessions) == [3, 1, 1])
        #expect(workouts.map(\.completed) == [1, 0, 1])
        #expect(workouts[0].completionRate == 1.0 / 3)
    }

    /// A session still running is neither completed nor not: it stays out of the completion rate.
    @Test func aRunningSessionCountsAsRunningNotAsUncompleted() {
        let sessions = [
            session(1, "2026-11-29T10:00:00+01:00", "Tabata"),
            session(2, "2026-11-30T10:00:00+01:00", "Tabata", outcome: nil, running: true),
            session(3, "2026-11-30T11:00:00+01:00", "EMOM", outcome: nil, running: true),
        ]
        let statistics = Statistics(sessions: sessions, sets: [], today: day("2026-11-30"))
        #expect(statistics.workouts.map(\.running) == [1, 1] && statistics.workouts.map(\.sessions) == [2, 1])
        #expect(statistics.workouts.map(\.completionRate) == [1, nil], "the finished Tabata was completed; no EMOM is over yet")
        #expect(statistics.streak.current == 2, "a running session is training today")
    }

    @Test func epleyEstimatesTheOneRepMax() {
        #expect(StrengthSet(session: 1, exercise: "Squat", reps: 8, weight: 60, unit: "kg").estimatedOneRepMax == 76)
        #expect(StrengthSet(session: 1, exercise: "Squat", reps: 1, weight: 100, unit: "kg").estimatedOneRepMax == 100)
        #expect(StrengthSet(session: 1, exercise: "Squat", reps: 10, weight: 150, unit: "lb").estimatedOneRepMax == 200)
    }

    @Test func theStrengthCurveKeepsTheBestSetPerLocalDayAndUnit() {
        let sessions = [
            session(1, "2026-11-02T18:00:00+01:00", "Strength"), session(2, "2026-11-02T20:00:00+01:00", "Strength"),
            session(3, "2026-11-03T00:30:00+01:00", "Strength"), // the 3rd locally, the 2nd in UTC
        ]
        let sets = [
            StrengthSet(session: 1, exercise: "Squat", reps: 5, weight: 80, unit: "kg"), // 93.33
            StrengthSet(session: 2, exercise: "Squat", reps: 3, weight: 85, unit: "kg"), // 93.5: the day's best
            StrengthSet(session: 2, exercise: "Squat", reps: 1, weight: 90, unit: "kg"), // 90
            StrengthSet(session: 3, exercise: "Squat", reps: 8, weight: 60, unit: "kg"), // 76
            StrengthSet(session: 3, exercise: "Squat", reps: 5, weight: 135, unit: "lb"),
            StrengthSet(session: 1, exercise: "Bench", reps: 5, weight: 50, unit: nil),
        ]
        let curves = Statistics(sessions: sessions, sets: sets, today: day("2026-11-30")).exercises
        #expect(curves.map(\.name) == ["Bench", "Squat", "Squat"])
        #expect(curves.map(\.unit) == [nil, "kg", "lb"])
        let squat = curves[1]
        #expect(squat.points.map(\.day.description) == ["2026-11-02", "2026-11-03"])
        #expect(squat.points.map(\.reps) == [3, 8] && squat.points.map(\.weight) == [85, 60])
        #expect(squat.points[1].e1rm == 76 && squat.points[1].unit == "kg")
        #expect(squat.best?.weight == 85)
        #expect(curves[2].points.count == 1 && curves[2].points[0].e1rm == 157.5)
    }

    @Test func theStandingOfASessionNamesItsPlaceStreakAndNewBests() {
        let sessions = [
            session(1, "2026-11-29T10:00:00+01:00", "Strength"), // Sunday: last week
            session(2, "2026-11-30T10:00:00+01:00", "Strength"), // Monday
            session(3, "2026-12-01T10:00:00+01:00", "Tabata"),
            session(4, "2026-12-02T10:00:00+01:00", "Strength"), // the one just recorded
        ]
        let sets = [
            StrengthSet(session: 1, exercise: "Squat", reps: 5, weight: 75, unit: "kg"),
            StrengthSet(session: 2, exercise: "Squat", reps: 5, weight: 77.5, unit: "kg"),
            StrengthSet(session: 2, exercise: "Bench", reps: 5, weight: 60, unit: "kg"),
            StrengthSet(session: 4, exercise: "Squat", reps: 8, weight: 70, unit: "kg"), // 88.67 < 90.42
            StrengthSet(session: 4, exercise: "Squat", reps: 5, weight: 80, unit: "kg"), // 93.33: a record
            StrengthSet(session: 4, exercise: "Bench", reps: 5, weight: 60, unit: "kg"), // equal: no record
            StrengthSet(session: 4, exercise: "Row", reps: 5, weight: 50, unit: "kg"), // first ever: no record
        ]
        let standing = SessionStanding(session: 4, sessions: sessions, sets: sets)
        #expect(standing?.sessionOfWeek == 3 && standing?.streak == 4)
        #expect(standing?.text == "3rd session this week · streak 4 days · new best on Squat: 80 kg × 5")

        let first = SessionStanding(session: 1, sessions: sessions, sets: sets)
        #expect(first?.text == "1st session this week")
        #expect(SessionStanding(session: 3, sessions: sessions, sets: sets)?.text == "2nd session this week · streak 3 days")
        #expect(SessionStanding(session: 9, sessions: sessions, sets: sets) == nil)
    }

    @Test(arguments: [
        (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
        (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th"), (112, "112th"),
    ])
    func ordinals(number: Int, text: String) {
        #expect(SessionStanding.ordinal(number) == text)
    }

    @Test func theStoreFeedsStatisticsOnlyNumericWeightedSets() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Strength", at: "2026-11-29T10:00:00+01:00", phases: [set(1, "Squat", reps: 5, weight: "75 kg")])
        let id = try store.record(
            "Strength", at: "2026-11-30T10:00:00+01:00",
            phases: [
                set(1, "Squat", reps: 5, weight: "80kg"), set(2, "Push-ups", reps: 20, weight: "bodyweight"),
                set(3, "Plank", reps: nil, weight: nil), set(4, "Dips", reps: 10, weight: nil), set(5, "Squat", reps: 0, weight: "100 kg"),
                work(6),
            ])
        #expect(
            try store.strengthSets() == [
                StrengthSet(session: 1, exercise: "Squat", reps: 5, weight: 75, unit: "kg"),
                StrengthSet(session: id, exercise: "Squat", reps: 5, weight: 80, unit: "kg"),
            ])
        #expect(try store.standing(ofSession: id)?.text == "1st session this week · streak 2 days · new best on Squat: 80 kg × 5")
        let statistics = try store.statistics(today: day("2026-11-30"))
        #expect(statistics.streak == Streak(current: 2, longest: 2))
        #expect(statistics.exercises.map(\.name) == ["Squat"])
    }

    /// The store reads only the days a standing can depend on; what it finds must be what the
    /// whole history gives: a streak longer than the first days read, a best set long before them,
    /// a session after the one asked about, and a week plan.
    @Test func theStandingFromTheDaysItNeedsIsTheStandingFromTheWholeHistory() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Strength", at: "2026-08-03T07:00:00-04:00", phases: [set(1, "Squat", reps: 5, weight: "100 kg")])
        for offset in 0..<45 {
            let date = day("2026-10-01").adding(days: offset)
            try store.record("Daily", at: "\(date)T23:30:00+13:00", phases: [work(1)])
        }
        try store.record("Strength", at: "2026-11-13T18:00:00+13:00", phases: [set(1, "Squat", reps: 5, weight: "80 kg")])
        let heavy = try store.record("Strength", at: "2026-11-14T18:00:00+13:00", phases: [set(1, "Squat", reps: 5, weight: "90 kg")])
        let best = try store.record("Strength", at: "2026-11-14T19:00:00+13:00", phases: [set(1, "Squat", reps: 5, weight: "105 kg")])
        let first = try store.record("Short", at: "2026-11-20T09:00:00+01:00")
        try store.record("Later", at: "2026-11-21T09:00:00+01:00")
        let plan = try WeekPlan.decode(
            Array(#"{"entries": [{"days": ["sat"], "workout": "Strength"}, {"days": ["sun"], "workout": "Daily"}]}"#.utf8))
        let sessions = try store.summaries()
        let sets = try store.strengthSets()
        for id in [heavy, best, first, sessions[20].id] {
            let whole = SessionStanding(session: id, sessions: sessions, sets: sets, plan: plan)
            #expect(try store.standing(ofSession: id, plan: plan) == whole, "session \(id)")
        }
        #expect(try store.standing(ofSession: best)?.streak == 45)
        #expect(try store.standing(ofSession: best)?.newBests.map(\.weight) == [105])
        #expect(try store.standing(ofSession: heavy)?.newBests == [])
        #expect(try store.standing(ofSession: 999) == nil)
    }
}
