/// When to colour output: the one `--color` option of `run` and `show`, with `NO_COLOR`.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether to colour, given the choice, whether the output is a terminal, and `NO_COLOR`.
    public func enabled(isTerminal: Bool, noColor: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && !noColor
        }
    }
}
