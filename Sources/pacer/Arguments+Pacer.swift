import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem
import TerminalRendering

extension Arguments {
    /// The search path, with the name `--name` gives a workout written in notation.
    func library(_ environment: Environment) -> WorkoutLibrary {
        WorkoutLibrary(environment: environment, notationName: self[SharedOptions.notationName])
    }

    /// The one workout `command` takes: `run needs a workout`, `run takes one workout` otherwise.
    func workout(for command: String) throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "\(command) needs a workout" : "\(command) takes one workout")
        }
        return positionals[0]
    }

    /// The `--color` choice, `auto` when not given.
    var colorChoice: ColorChoice {
        self[SharedOptions.color] ?? .auto
    }
}

extension CommandSpec {
    /// Runs a command's work, turning a usage error into its message, a hint and exit status 2.
    static func reportingUsage(of command: String, _ body: () throws(UsageError) -> Int32) -> Int32 {
        do throws(UsageError) {
            return try body()
        } catch {
            return Pacer.usageError(error.message, hintFor: command)
        }
    }
}
