/// A shell pacer writes a completion script for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The script that completes `pacer` in this shell; where a workout is asked for, files with
    /// one of `workoutExtensions` are offered beside the names (zsh filters by them).
    public func script(commands: [CommandSpec], options: [OptionSpec], workoutExtensions: [String]) -> String {
        switch self {
        case .bash: BashCompletion(commands: commands, options: options).script
        case .zsh: ZshCompletion(commands: commands, options: options, workoutExtensions: workoutExtensions).script
        case .fish: FishCompletion(commands: commands, options: options).script
        }
    }
}
