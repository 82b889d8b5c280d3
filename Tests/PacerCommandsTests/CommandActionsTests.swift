import Foundation
import History
import PacerCommandLine
import PacerCommands
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWeekPlan
import Testing

/// The commands' work in-process, in a home of its own: what each returns and leaves on disk.
@Suite("the commands' work, in-process")
struct CommandActionsTests {
    let folder = NSTemporaryDirectory() + "pacer-actions-\(UUID().uuidString)"

    func environment(_ extra: [String: String] = [:]) throws -> Environment {
        try FileManager.default.createDirectory(atPath: folder + "/config/pacer/workouts", withIntermediateDirectories: true)
        return Environment(
            [
                "HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
                "PATH": "/usr/bin:/bin",
            ].merging(extra) { $1 })
    }

    func access(_ environment: Environment) throws -> HistoryAccess {
        HistoryAccess(try Arguments([], options: [HistoryAccess.file.spec, SharedOptions.color.spec]), environment)
    }

    func write(_ text: String, to path: String, mode: Int = 0o755) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    @Test func anEditSavesOnlyAValidWorkoutAndKeepsTheCopyOtherwise() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workout = folder + "/config/pacer/workouts/mine.json"
        let original = #"{"name": "Mine", "steps": [{"work": 30}]}"#
        _ = try environment()
        try write(original + "\n", to: workout, mode: 0o644)
        // An editor that breaks the file: the workout stays, the copy is kept beside it.
        let breaking = folder + "/break.sh"
        try write("#!/bin/sh\nprintf '{\"name\": 1}' > \"$1\"\n", to: breaking)
        #expect(try WorkoutFile.edit(workout, environment: environment(["EDITOR": breaking])) == 1)
        #expect(try String(contentsOfFile: workout, encoding: .utf8) == original + "\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/config/pacer/workouts/.mine.edit.json"))
        // An editor that writes a valid workout: it is saved, and no copy is left.
        let fixing = folder + "/fix.sh"
        try write("#!/bin/sh\nprintf '{\"name\": \"Mine\", \"steps\": [{\"work\": 45}]}' > \"$1\"\n", to: fixing)
        #expect(try WorkoutFile.edit(workout, environment: environment(["EDITOR": fixing])) == 0)
        #expect(try String(contentsOfFile: workout, encoding: .utf8).contains("45"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/config/pacer/workouts/.mine.edit.json"))
    }

    @Test func historyAndStatsOfAnEmptyHistorySucceedAndAMissingSessionFails() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = try environment()
        let access = try access(environment)
        #expect(HistoryActions.list(SessionFilter(), as: .json, defaultLimit: 10, access) == 0)
        #expect(HistoryActions.show(7, access) == 1)
        #expect(StatsActions.show(json: true, access, environment: environment) == 0)
    }

    @Test func theNotationOfAWorkoutIsWrittenOrRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = WorkoutLibrary(environment: try environment())
        #expect(NotationOutput.print(try WorkoutLoader.load("tabata", library: library)) == 0)
        let control = folder + "/control.json"
        try write(#"{"name": "Bell", "steps": [{"work": 30, "name": "Ring\u0007"}]}"#, to: control, mode: 0o644)
        #expect(NotationOutput.print(try WorkoutLoader.load(control, library: library)) == 1, "a control character cannot be carried")
    }

    @Test func remindersNeedAPlanAndCronLinesWriteNoUnit() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = try environment()
        #expect(ReminderSetup.install(cron: true, lead: nil, untimed: nil, environment) == 1, "nothing is planned")
        let entry = WeekPlan.Entry(days: [.monday], time: TimeOfDay("07:00"), workout: PlannedWorkout("tabata"))
        #expect(PlanActions.add(entry, to: PlanFile(environment: environment)) == 0)
        #expect(ReminderSetup.install(cron: true, lead: nil, untimed: nil, environment) == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/config/systemd"), "--cron prints lines and writes no unit")
    }
}
