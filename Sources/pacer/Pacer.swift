#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerRuntime
import PacerSystem

/// The `pacer` command line: finds the subcommand and runs it.
enum Pacer {
    static let version = "0.1.0"

    static let commands: [CommandSpec] = [
        RunCommand.spec, RenderCommand.spec, ValidateCommand.spec, ShowCommand.spec, ListCommand.spec, HelpCommand.spec,
    ]

    static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        var text = """
            pacer \(version): a workout interval timer for the terminal

            Usage: pacer COMMAND [OPTIONS] [ARGUMENTS]

            Commands:

            """
        for command in commands {
            text += "  \(command.name)\(String(repeating: " ", count: width - command.name.count))  \(command.abstract)\n"
        }
        text += """

            Options:
              --help     show this help
              --version  show pacer's version

            Run 'pacer help COMMAND' or 'pacer COMMAND --help' for a command's options.
            """
        return text
    }

    static func main(_ arguments: [String], environment: Environment) -> Int32 {
        guard let first = arguments.first else {
            Output.problem(TerminalText(lines: overview))
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h": Output.line(TerminalText(lines: overview)); return ExitStatus.success
        case "--version", "-V": Output.line("pacer \(version)"); return ExitStatus.success
        default: break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return usageError("unknown command '\(first)'", hintFor: nil, suggestion: closestCommand(to: first))
        }
        do {
            let parsed = try Arguments(Array(arguments.dropFirst()), options: command.options + [CommandSpec.helpOption])
            if parsed.has("--help") {
                Output.line(TerminalText(lines: command.help))
                return ExitStatus.success
            }
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
