import PacerSystem
import PacerWeekPlan
import PacerWorkout

/// The user's week plan on disk, `$XDG_CONFIG_HOME/pacer/plan.json`: read and checked like the
/// config, and only ever replaced whole by a plan that is valid.
public struct PlanFile: Sendable {
    public let environment: Environment
    public let path: String

    public init(environment: Environment) {
        self.environment = environment
        path = WeekPlan.path(configFolder: environment.configFolder)
    }

    /// The path as the user knows it: `~/.config/pacer/plan.json`.
    public var shown: String { environment.abbreviatingHome(path) }

    /// The plan, or the empty one when there is no file.
    public func load() throws(ConfigLoadError) -> WeekPlan {
        do {
            return try SettingsFile.read(
                path, environment: environment, kind: "the plan", limit: WeekPlan.maximumFileSize, decode: WeekPlan.decode)
                ?? WeekPlan()
        } catch {
            throw .unusablePlan(error, shown: shown)
        }
    }

    /// The file as it is, or nil when there is none.
    public func bytes() throws(ConfigLoadError) -> [UInt8]? {
        try SettingsFile.bytes(path, environment: environment, kind: "the plan", limit: WeekPlan.maximumFileSize)
    }

    /// Replaces the plan with `text` in one step (the folder made if need be): the file is the old
    /// plan or the whole new one, never a part, whatever fails.
    public func write(_ text: String) throws(ConfigLoadError) {
        try makeFolder()
        do throws(FileError) {
            try ReplacementFile.write(Array(text.utf8), to: path)
        } catch {
            throw .unwritable(error, shown: shown)
        }
    }

    /// Makes the plan's folder, if need be.
    public func makeFolder() throws(ConfigLoadError) {
        do throws(FileError) {
            try FileSystem.createDirectories(environment.configFolder)
        } catch {
            throw .unwritable(error, shown: nil)
        }
    }

    /// What `pacer run` is given for a planned workout: a relative path from the plan's folder.
    public func runnable(_ workout: PlannedWorkout) -> String {
        workout.runnable(from: environment.configFolder, home: environment.home)
    }

    /// Every entry whose workout cannot be run, as lines for standard error naming the file (`file`,
    /// else the plan's) and the entry (from 1); each workout is found and checked as `pacer run` would.
    public func unrunnable(_ plan: WeekPlan, severity: Diagnostic.Severity, file: String? = nil) -> [String] {
        plan.entries.enumerated().flatMap { number, entry -> [String] in
            unrunnable(entry.workout).map { lines in
                ["\(file ?? shown): \(severity.rawValue): entry \(number + 1): " + lines[0]] + lines.dropFirst()
            } ?? []
        }
    }

    /// Why a planned workout cannot be run, as the loader says it after another's words, or nil when it can.
    public func unrunnable(_ workout: PlannedWorkout) -> [String]? {
        do throws(WorkoutLoadError) {
            _ = try load(workout)
            return nil
        } catch {
            return error.continuingLines
        }
    }

    /// The planned workout found and checked as `pacer run` would.
    func load(_ workout: PlannedWorkout) throws(WorkoutLoadError) -> LoadedWorkout {
        try WorkoutLoader.load(runnable(workout), library: WorkoutLibrary(environment: environment))
    }
}
