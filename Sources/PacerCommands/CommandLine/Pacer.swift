import Glibc
import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSystem
import TerminalRendering

/// The `pacer` command line: finds the subcommand and runs it.
public enum Pacer {
    static let version = PacerVersion.current

    /// What pacer is, in a line: for the overview and the man page.
    static let tagline = "a workout interval timer for the terminal"

    static let commands: [CommandSpec] = [
        RunCommand.spec, TodayCommand.spec, RenderCommand.spec, ValidateCommand.spec, ShowCommand.spec, CatCommand.spec, NewCommand.spec,
        EditCommand.spec, FmtCommand.spec, ImportCommand.spec, ExportCommand.spec, ListCommand.spec, PluginsCommand.spec, CtlCommand.spec,
        HistoryCommand.spec, StatsCommand.spec, PlanCommand.spec, RemindCommand.spec, WeightCommand.spec,
        SchemaCommand.spec, HelpCommand.spec, CompletionsCommand.spec,
        WebTokenCommand.spec,
    ]

    /// The options of `pacer` itself, given instead of a command.
    static let options: [OptionSpec] = [
        CommandSpec.help.spec,
        Flag("--version", help: "show pacer's version").spec,
    ]

    static var overview: String {
        var table = TextTable([.left, .left])
        for command in commands { table.append([TerminalText(command.name), TerminalText(command.abstract)]) }
        return """
            pacer \(version): \(tagline)

            Usage: pacer COMMAND [OPTIONS] [ARGUMENTS]

            Commands:
            \(table.plainText(indent: "  "))
            Options:
            \(CommandSpec.optionTable(options))
            Run 'pacer help COMMAND' or 'pacer COMMAND --help' for a command's options.
            """
    }

    /// Runs the command line `arguments` (the program's name left out) and returns the exit status.
    public static func main(_ arguments: [String], environment: Environment) -> Int32 {
        guard let first = arguments.first else {
            Output.problem(TerminalText(lines: overview))
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h":
            Output.line(TerminalText(lines: overview))
            return ExitStatus.success
        case "--version", "-V":
            Output.line("pacer \(version)")
            return ExitStatus.success
        default: break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return usageError("unknown command '\(first)'", hintFor: nil, suggestion: closestCommand(to: first))
        }
        do {
            let parsed = try Arguments(Array(arguments.dropFirst()), options: command.options + [CommandSpec.help.spec])
            if parsed[CommandSpec.help] {
                Output.line(TerminalText(lines: command.helpText))
                return ExitStatus.success
            }
            // The one place signals are blocked: before the command starts any thread, so all inherit it.
            if command.watchesSignals(parsed) { SignalWatcher.blockWatchedSignals() }
            return command.run(parsed, environment)
        } catch {
            return usageError(error.message, hintFor: command.name, suggestion: nil)
        }
    }

    /// Reports a usage error with a hint and returns exit status 2.
    static func usageError(_ message: String, hintFor command: String?, suggestion: String? = nil) -> Int32 {
        var text: TerminalText = "pacer: \(message)"
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        text += "\nTry 'pacer \(command.map { "\($0) " } ?? "")--help'."
        Output.problem(text)
        return ExitStatus.usage
    }

    static func closestCommand(to word: String) -> String? {
        Suggestion.closest(to: word, among: commands.map(\.name))
    }
}
