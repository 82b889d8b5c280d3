/// A shell pacer writes a completion script for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The script that completes `pacer` in this shell.
    public func script(commands: [CommandSpec], options: [OptionSpec]) -> String {
        switch self {
        case .bash: BashCompletion(commands: commands, options: options).script
        case .zsh: ZshCompletion(commands: commands, options: options).script
        case .fish: FishCompletion(commands: commands, options: options).script
        }
    }
}
