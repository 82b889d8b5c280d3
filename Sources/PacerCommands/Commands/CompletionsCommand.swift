import PacerCommandLine
import PacerFormats
import PacerFoundation

/// `pacer completions SHELL`: the completion script for bash, zsh or fish, made from the command table.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions", abstract: "print a completion script for bash, zsh or fish", usage: "pacer completions SHELL",
        arguments: .choice(Shell.allCases.map(\.rawValue)),
        details: """
            The script completes commands, options and their values, workout names from the search
            path and sink names, asking pacer itself for the names as you type. scripts/install puts
            one where each shell looks; to load one yourself:
              bash  source <(pacer completions bash)
              zsh   pacer completions zsh > ~/.zfunc/_pacer, with fpath+=(~/.zfunc) before compinit
              fish  pacer completions fish > ~/.config/fish/completions/pacer.fish
            """,
        options: []
    ) { arguments, _ in
        guard arguments.positionals.count == 1 else {
            return Pacer.usageError("completions takes one shell: bash, zsh or fish", hintFor: "completions")
        }
        guard let shell = Shell(rawValue: arguments.positionals[0]) else {
            let suggestion = Suggestion.closest(to: arguments.positionals[0], among: Shell.allCases.map(\.rawValue))
            return Pacer.usageError(
                "pacer has completions for bash, zsh and fish, not '\(arguments.positionals[0])'",
                hintFor: "completions", suggestion: suggestion)
        }
        Output.data(shell.script(commands: Pacer.commands, options: Pacer.options, workoutExtensions: WorkoutFormat.workoutFileExtensions))
        return ExitStatus.success
    }
}
