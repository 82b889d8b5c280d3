import PacerCore
import PacerRuntime
import PacerSystem

/// One subcommand: its name, a one-line abstract, its usage and options, and what it does.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let usage: String
    /// What the command's arguments are, or nil when it takes none.
    let arguments: ValueKind?
    let details: String
    let options: [OptionSpec]
    let run: @Sendable (Arguments, Environment) -> Int32

    static let helpOption = OptionSpec(name: "--help", value: nil, help: "show this help")

    /// What a WORKOUT argument may be, for the help of every command that takes one.
    static let workoutArgument = """
        WORKOUT is a path, a name on the search path (see 'pacer list'), - for standard input, or a
        line of notation such as "10s prepare, 8x(20s Sprint, 10s rest), 2m cooldown" (see
        docs/workout-format.md). A FIFO or <(command) is read like standard input, for at most 10 s.
        """

    /// The options help, the man page and completions show: all but the hidden ones, and `--help`.
    var visibleOptions: [OptionSpec] {
        options.filter { !$0.hidden } + [Self.helpOption]
    }

    /// The full help text for `pacer help NAME` and `pacer NAME --help`.
    var help: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        return text + "\nOptions:\n" + Self.optionTable(visibleOptions)
    }

    /// Options and their help in two columns, a line each.
    static func optionTable(_ options: [OptionSpec]) -> String {
        var table = TextTable([.left, .left])
        for option in options {
            table.append([TerminalText(option.synopsis), TerminalText(option.help)])
        }
        return table.plainText(indent: "  ")
    }
}

extension OptionSpec {
    /// The option as help shows it: `--speed X`, `--no-bell`.
    var synopsis: String {
        value.map { "\(name) \($0)" } ?? name
    }
}

extension CommandSpec {
    /// Runs a command's work, turning a usage error into its message, a hint and exit status 2.
    static func reportingUsage(of command: String, _ body: () throws(Arguments.UsageError) -> Int32) -> Int32 {
        do throws(Arguments.UsageError) {
            return try body()
        } catch {
            return Pacer.usageError(error.message, hintFor: command)
        }
    }
}

/// Exit statuses, as the spec fixes them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}

extension OptionSpec {
    /// `--color WHEN`, shared by every command that colours its output.
    static let color = OptionSpec(name: "--color", value: "WHEN", help: "colour the output: auto (default), always or never; NO_COLOR is respected",
                                  kind: .choice(ColorChoice.allCases.map(\.rawValue)))
}

extension OptionSpec {
    /// `--name NAME`, for every command that takes a workout written in notation.
    static let notationName = OptionSpec(name: "--name", value: "NAME", help: "the name of a workout written as a line of notation (default: the line)")
}

extension Arguments {
    /// The search path, with the name `--name` gives a workout written in notation.
    func library(_ environment: Environment) -> WorkoutLibrary {
        WorkoutLibrary(environment: environment, notationName: value("--name"))
    }

    /// The one workout `command` takes: `run needs a workout`, `run takes one workout` otherwise.
    func workout(for command: String) throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "\(command) needs a workout" : "\(command) takes one workout")
        }
        return positionals[0]
    }

    /// The `--color` choice, `auto` when not given.
    func colorChoice() throws(UsageError) -> ColorChoice {
        guard let choice = ColorChoice(rawValue: value("--color") ?? "auto") else {
            throw UsageError(message: "--color takes auto, always or never, not '\(value("--color") ?? "")'")
        }
        return choice
    }
}
