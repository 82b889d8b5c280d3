import Glibc
import PacerConfig
import PacerSettingsFile
import PacerSystem
import PacerWeekPlan
import PacerWorkout
import SinkKit

/// Why a file of settings (the config, the plan) could not be used, or the plan not changed: a
/// case to switch on, holding what its message names; `lines` says it for standard error.
public enum ConfigLoadError: Error, Sendable {
    /// The file is there and cannot be read: what it is (`kind`: `the config file`) and its path as the user knows it.
    case unreadable(FileError, kind: String, shown: String)
    /// The file was read and is not valid: its problems, each to name `file`.
    case invalid(file: String, problems: [Diagnostic])
    /// The plan cannot be used as it is (unreadable or invalid), and the user is told how to fix it.
    indirect case unusablePlan(ConfigLoadError, shown: String)
    /// The plan or its folder could not be written, so the plan is as it was; the file is named as
    /// `shown`, or as the failure names it when nil.
    case unwritable(FileError, shown: String?)
    /// The plan's file holds problems found while changing it, each to name `file`; it is as it was
    /// when `unchanged`.
    case invalidPlan(file: String, problems: [Diagnostic], unchanged: Bool)
    /// An entry cannot be planned: its workout cannot be run, for the loader's reason.
    case unplannable(PlannedWorkout, WorkoutLoadError)
    /// There is no plan file (`shown`), so there is no entry to remove.
    case noPlan(shown: String)
    /// The plan has no entry `number` (from 1): it has `count`.
    case noEntry(number: Int, count: Int)

    /// Lines for standard error, each naming the file or starting `pacer:`.
    public var lines: [String] {
        switch self {
        case .unreadable(let error, let kind, let shown): ["pacer: " + error.message(kind: kind, shown: shown)]
        case .invalid(let file, let problems): problems.map { $0.formatted(file: file) }
        case .unusablePlan(let error, let shown): error.lines + ["pacer: fix \(shown) with 'pacer plan edit' (see docs/plan.md)"]
        case .unwritable(let error, let shown): ["pacer: \(error.message(shown: shown)); the plan is unchanged"]
        case .invalidPlan(let file, let problems, let unchanged):
            problems.map { $0.formatted(file: file) } + ["pacer: \(unchanged ? "the plan is unchanged; " : "")'pacer plan edit' fixes it"]
        case .unplannable(let workout, let error):
            ["pacer: cannot plan \"\(workout)\": " + error.continuingLines[0]] + error.continuingLines.dropFirst()
        case .noPlan(let shown): ["pacer: there is no plan yet (\(shown)), so nothing to remove"]
        case .noEntry(_, let count):
            [
                "pacer: the plan has \(count) entr\(count == 1 ? "y" : "ies"); remove takes a number from 1 to \(count), as 'pacer plan' lists them"
            ]
        }
    }
}

extension UserConfig {
    /// Where the config file lives: `$XDG_CONFIG_HOME/pacer/config.json`.
    public static func path(in environment: Environment) -> String {
        environment.configFolder + "/config.json"
    }

    /// The line that ends what is wrong with the config: the file to fix and where its keys are told.
    public static func fixAdvice(in environment: Environment) -> String {
        "pacer: fix \(environment.abbreviatingHome(path(in: environment))) (see docs/config.md) and run again"
    }

    /// The user's config, or the empty one when there is no file. A relative path in it (`"log"`,
    /// `exec:` sinks) is taken from the config file's folder, never from where pacer was started.
    /// `settings` are the sinks' settings the file may set.
    public static func load(from environment: Environment, settings: [SinkSetting]) throws(ConfigLoadError) -> UserConfig {
        let config = try SettingsFile.read(path(in: environment), environment: environment, kind: "the config file", limit: 1 << 20) {
            bytes throws(ConfigErrors) in try decode(bytes, settings: settings)
        }
        return config?.resolvingPaths(against: environment.configFolder) ?? UserConfig()
    }
}
