import PacerCommandLine
import PacerSystem
import PacerUserFiles
import TerminalRendering

extension Arguments {
    /// The search path, with the name `--name` gives a workout written in notation.
    public func library(_ environment: Environment) -> WorkoutLibrary {
        WorkoutLibrary(environment: environment, notationName: self[SharedOptions.notationName])
    }

    /// The one workout `command` takes: `run needs a workout`, `run takes one workout` otherwise.
    public func workout(for command: String) throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "\(command) needs a workout" : "\(command) takes one workout")
        }
        return positionals[0]
    }

    /// The `--color` choice, `auto` when not given.
    public var colorChoice: ColorChoice {
        self[SharedOptions.color] ?? .auto
    }
}
