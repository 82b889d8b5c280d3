import Foundation
import History
import PacerCommandLine
import PacerCommands
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWeekPlan
import Testing

/// What `pacer weight` and `pacer plan add/remove` do, in-process, in a home of their own.
@Suite("weight and plan, in-process")
struct WeightLogAndPlanTests {
    let folder = NSTemporaryDirectory() + "pacer-commands-\(UUID().uuidString)"
    var environment: Environment {
        Environment(["HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data"])
    }

    func access() throws -> HistoryAccess {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let arguments = try Arguments(
            ["--history", folder + "/history.sqlite3"], options: [HistoryAccess.file.spec, SharedOptions.color.spec])
        return HistoryAccess(arguments, environment)
    }

    @Test func aReadingIsRecordedInItsUnitAndTheNextTakesThatUnit() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let access = try access()
        let day = try #require(CalendarDay(iso: "2026-12-01"))
        #expect(try WeightLog.record("82.5 kg", day: day, access) == 0)
        #expect(try WeightLog.record("81", day: day.adding(days: 1), access) == 0)
        let readings = try #require(try HistoryStore.existing(at: access.path)).weighIns()
        #expect(readings.map(\.weight.description) == ["82.5 kg", "81 kg"])
        #expect(throws: UsageError.self) { try WeightLog.record("1,000", day: day, access) }
    }

    @Test func anEntryIsAddedAndRemovedAndTheFileStaysValid() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = PlanFile(environment: environment)
        let entry = WeekPlan.Entry(days: [.monday, .friday], time: TimeOfDay("07:00"), workout: PlannedWorkout("tabata"))
        #expect(PlanActions.add(entry, to: file) == 0)
        #expect(try file.load().entries.map(\.workout) == [PlannedWorkout("tabata")])
        #expect(PlanActions.describe(entry).plain == "Mon, Fri 07:00 tabata")
        #expect(PlanActions.remove(2, from: file) == 1, "there is no entry 2")
        #expect(PlanActions.remove(1, from: file) == 0)
        #expect(try file.load().entries.isEmpty)
    }

    /// What stops a plan change is a case to switch on: no plan yet, no such entry, a workout
    /// that cannot be run (with the loader's own case), each said as before.
    @Test func aPlanChangeThatCannotBeMadeSaysWhichCase() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = PlanFile(environment: environment)
        let none = try #require(throws: ConfigLoadError.self) { try file.remove(1) }
        guard case .noPlan(let shown) = none else {
            Issue.record("not .noPlan: \(none)")
            return
        }
        #expect(none.lines == ["pacer: there is no plan yet (\(shown)), so nothing to remove"])
        try file.add(WeekPlan.Entry(days: [.monday], time: nil, workout: PlannedWorkout("tabata")))
        let beyond = try #require(throws: ConfigLoadError.self) { try file.remove(3) }
        guard case .noEntry(number: 3, count: 1) = beyond else {
            Issue.record("not .noEntry(3, 1): \(beyond)")
            return
        }
        #expect(beyond.lines == ["pacer: the plan has 1 entry; remove takes a number from 1 to 1, as 'pacer plan' lists them"])
        let unknown = try #require(throws: ConfigLoadError.self) {
            try file.add(WeekPlan.Entry(days: [.friday], time: nil, workout: PlannedWorkout("tabta")))
        }
        guard case .unplannable(PlannedWorkout("tabta"), .notFound(.noWorkout(named: "tabta", _, suggestion: "tabata"))) = unknown else {
            Issue.record("not .unplannable(tabta, .notFound): \(unknown)")
            return
        }
        #expect(unknown.lines.first?.hasPrefix("pacer: cannot plan \"tabta\": no workout named \"tabta\" in ") == true, "\(unknown.lines)")
    }
}
