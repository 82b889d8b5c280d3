/// A shell pacer writes a completion script for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish

    /// The script that completes `pacer` in this shell.
    func script(commands: [CommandSpec], options: [OptionSpec]) -> String {
        switch self {
        case .bash: BashCompletion(commands: commands, options: options).script
        case .zsh: ZshCompletion(commands: commands, options: options).script
        case .fish: FishCompletion(commands: commands, options: options).script
        }
    }
}
