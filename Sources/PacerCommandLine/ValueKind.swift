/// What a word on the command line stands for, so the completion scripts know what to offer.
public enum ValueKind: Sendable, Equatable {
    /// Anything, typed by the user (a number, a label): nothing to offer.
    case free
    /// A file path.
    case file
    /// One of a fixed set of words.
    case choice([String])
    /// A workout name on the search path, or a workout file's path.
    case workout
    /// A sink spec: a built-in sink's or an external plugin's name, or `exec:PATH`.
    case sink
    /// One of pacer's commands.
    case command
}
