import PacerCommandLine
import PacerFoundation

/// `pacer help [COMMAND]`: the overview or one command's help; `--man` prints the man page.
enum HelpCommand {
    static let man = Flag("--man", help: "print the pacer(1) man page as roff, for installing", hidden: true)

    static let spec = CommandSpec(
        name: "help", abstract: "show help for pacer or one of its commands", usage: "pacer help [COMMAND]", arguments: .command,
        details: "",
        options: [
            man.spec
        ]
    ) { arguments, _ in
        if arguments[man] {
            guard arguments.positionals.isEmpty else {
                return Pacer.usageError("help --man takes no command name", hintFor: "help")
            }
            Output.data(ManualPage(commands: Pacer.commands, options: Pacer.options).roff)
            return ExitStatus.success
        }
        guard let name = arguments.positionals.first else {
            Output.line(TerminalText(lines: Pacer.overview))
            return ExitStatus.success
        }
        guard arguments.positionals.count == 1 else {
            return Pacer.usageError("help takes one command name", hintFor: "help")
        }
        guard let command = Pacer.commands.first(where: { $0.name == name }) else {
            return Pacer.usageError("unknown command '\(name)'", hintFor: nil, suggestion: Pacer.closestCommand(to: name))
        }
        Output.line(TerminalText(lines: command.helpText))
        return ExitStatus.success
    }
}
