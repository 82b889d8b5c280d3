import Foundation
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import Testing

@testable import History
@testable import HistoryReports

/// Fitness, fatigue and form (issue 44, item 4), against values worked by hand from the
/// definitions: CTL_today = CTL_yesterday + (TSS_today − CTL_yesterday) / 42, and / 7 for ATL.
@Suite("Training load: TSS per week, fitness, fatigue and form")
struct TrainingLoadTests {
    private static func near(_ value: Double?, _ expected: Double) -> Bool {
        value.map { abs($0 - expected) < 1e-9 } ?? false
    }

    @Test func oneHardDayRaisesFatigueSixTimesFasterThanFitnessAndBothDecay() throws {
        let load = TrainingLoad(stress: [day("2026-11-30"): 100], today: day("2026-12-01"))
        #expect(load.days.map(\.day.description) == ["2026-11-30", "2026-12-01"])
        let first = load.days[0]
        let second = load.days[1]
        // 100 / 42 and 100 / 7.
        #expect(Self.near(first.fitness, 2.380_952_380_952_381) && Self.near(first.fatigue, 14.285_714_285_714_286))
        #expect(Self.near(first.form, -11.904_761_904_761_905))
        // A rest day: each keeps 41/42 and 6/7 of itself.
        #expect(Self.near(second.fitness, 100.0 / 42 * 41 / 42) && Self.near(second.fatigue, 100.0 / 7 * 6 / 7))
        #expect(Self.near(second.form, -9.920_634_920_634_921) && second.stress == 0)
    }

    @Test func aSteadyWeekClimbsAsTheClosedFormSays() throws {
        let week = (0..<7).map { day("2026-11-30").adding(days: $0) }
        let load = TrainingLoad(stress: Dictionary(uniqueKeysWithValues: week.map { ($0, 50.0) }), today: week[6])
        // After n days of a steady TSS the average is TSS × (1 − (1 − 1/k)^n).
        let today = try #require(load.today)
        #expect(Self.near(today.fitness, 50 * (1 - pow(41.0 / 42, 7))) && Self.near(today.fitness, 7.761_161_373_817_42))
        #expect(Self.near(today.fatigue, 50 * (1 - pow(6.0 / 7, 7))) && Self.near(today.fatigue, 33.004_166_145_544_3))
        #expect(Self.near(today.form, -25.243_004_771_726_9))
    }

    @Test func daysWithoutStressOrAfterTodayCountForNothing() {
        #expect(TrainingLoad(stress: [:], today: day("2026-12-01")).days.isEmpty)
        #expect(TrainingLoad(stress: [day("2026-12-02"): 80], today: day("2026-12-01")).days.isEmpty, "tomorrow does not count yet")
        let load = TrainingLoad(stress: [day("2026-11-01"): 60, day("2026-12-24"): 90], today: day("2026-12-01"))
        #expect(load.days.count == 31 && load.days.map(\.stress).reduce(0, +) == 60)
    }

    @Test func aSessionsStressIsMeasuredWhenItCanBeElsePlannedForTheShareDone() {
        let hour = WorkoutDuration.seconds(3600)
        #expect(SessionStress(measured: 72, planned: 60, active: hour, plannedTime: hour) == SessionStress(score: 72, isMeasured: true))
        #expect(
            SessionStress(measured: nil, planned: 60, active: .seconds(900), plannedTime: hour)
                == SessionStress(score: 15, isMeasured: false),
            "a quarter of the ride: a quarter of its planned TSS")
        #expect(
            SessionStress(measured: nil, planned: 60, active: .seconds(4000), plannedTime: hour)?.score == 60, "never more than planned")
        #expect(SessionStress(measured: nil, planned: nil, active: hour, plannedTime: hour) == nil)
        #expect(SessionStress(measured: nil, planned: 60, active: hour, plannedTime: .zero) == nil, "rep steps only: no planned time")
    }

    @Test func eachWeekSumsItsTSSAndSaysHowMuchOfItIsPlanned() {
        let sessions = [
            SessionOverview(
                id: 1, workout: "Ride", started: wall("2026-11-30T07:00:00+01:00"), active: .seconds(3600), outcome: .completed,
                stress: SessionStress(score: 70, isMeasured: true)),
            SessionOverview(
                id: 2, workout: "Ride", started: wall("2026-12-02T07:00:00+01:00"), active: .seconds(3600), outcome: .completed,
                stress: SessionStress(score: 40, isMeasured: false)),
            SessionOverview(
                id: 3, workout: "Tabata", started: wall("2026-12-02T18:00:00+01:00"), active: .seconds(240), outcome: .completed),
            SessionOverview(
                id: 4, workout: "Ride", started: wall("2026-11-23T07:00:00+01:00"), active: .seconds(3600), outcome: .completed,
                stress: SessionStress(score: 55, isMeasured: true)),
        ]
        let statistics = Statistics(sessions: sessions, sets: [], today: day("2026-12-03"))
        let weeks = statistics.weeks.suffix(2)
        #expect(weeks.map(\.stress) == [55, 110] && weeks.map(\.plannedStress) == [0, 40])
        #expect(statistics.load.days.first?.day == day("2026-11-23") && statistics.load.days.last?.day == day("2026-12-03"))
        #expect(statistics.load.days.first { $0.day == day("2026-12-02") }?.stress == 40, "two sessions on one day add up")
    }
}

/// `pacer stats` and `stats --json` with the training load, from a real history file.
@Suite("stats: TSS per week, fitness, fatigue and form")
struct TrainingLoadReportTests {
    let folder: TemporaryFolder
    let store: HistoryStore

    /// A ride measured at TSS 100 on Monday, one planned at TSS 60 and done in full on Tuesday,
    /// and a Tabata with no power target at all.
    init() throws {
        folder = try TemporaryFolder()
        store = try HistoryStore(path: folder.file("history.sqlite3"))
        for (started, measured, planned) in [("2026-11-30T07:00:00+01:00", 100.0, 90.0), ("2026-12-01T07:00:00+01:00", nil, 60)] {
            let start = wall(started)
            let id = try store.startSession(
                SessionStart(
                    workout: "Ride", file: "/w/ride.json", started: start, planned: .seconds(3600), speed: 1,
                    ftp: 250, plannedStress: planned))
            try store.endSession(
                id,
                SessionEnd(
                    ended: WallTime(epochSeconds: start.epochSeconds + 3600, utcOffset: 3600), outcome: .completed,
                    active: .seconds(3600), paused: .zero, stress: measured))
        }
        try store.record("Tabata", at: "2026-12-01T18:00:00+01:00", phases: [work(1)])
    }

    @Test func theReportGivesEachWeeksTSSAndChartsFitnessFatigueAndForm() throws {
        let report = StatsReport(
            statistics: try store.statistics(today: day("2026-12-01")), style: HistoryStyle(colored: false), columns: 80)
        let lines = report.text.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("  2026-W49  ") && $0.hasSuffix("  3 sessions  TSS 160 (60 planned)") }, "\(lines)")
        #expect(lines.contains("Training load  fitness (CTL) 3.8 · fatigue (ATL) 20.8 · form (TSB) -17.1"))
        let chart = lines.drop { !$0.hasPrefix("Training load") }.dropFirst(2).prefix(11)
        #expect(
            Array(chart) == [
                "   20.8 ┤ ×", "        │", "        │×", "        │", "        │••", "        │", "        │", "        │", "        │◦",
                "  -17.1 ┤ ◦", "         2026-11-30 2026-12-01",
            ], "fatigue, fitness and form on one scale, a column a day; fitness covers fatigue where they meet")
        #expect(lines.contains("  • fitness: 42-day average of daily TSS  × fatigue: 7-day  ◦ form: fitness − fatigue"))
    }

    @Test func statsJSONCarriesEachWeeksTSSAndTheLoadOfEachDay() throws {
        let text = StatsJSON.json(try store.statistics(today: day("2026-12-01")))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let week = try #require((stats["weeks"] as? [[String: Any]])?.last)
        #expect(week["tss"] as? Int == 160 && week["tss_planned"] as? Int == 60)
        let load = try #require(stats["load"] as? [String: Any])
        #expect(load["ctl"] as? Double == 3.8 && load["atl"] as? Double == 20.8 && load["tsb"] as? Double == -17.1)
        let days = try #require(load["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-11-30", "2026-12-01"])
        #expect(
            days[0]["tss"] as? Int == 100 && days[0]["ctl"] as? Double == 2.4 && days[0]["atl"] as? Double == 14.3
                && days[0]["tsb"] as? Double == -11.9)
    }
}
