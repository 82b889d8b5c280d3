/// Somewhere commands come from: the prompt, lines on standard input, a plugin's output.
///
/// The session starts each source with an inbox and stops it at the end; it does not know what
/// the source is. Replies go back to the source that asked, by the route the session chose for it.
public protocol CommandSource: AnyObject, Sendable {
    /// Begins taking commands; each line goes to `inbox`.
    func start(_ inbox: CommandInbox)
    /// Stops taking commands.
    func stop()
}

/// What a command source hands over: a line to parse, or a command it already knows (the
/// prompt's "quit?" answered yes after Ctrl-D), with the words that stand for it in replies.
public enum CommandInput: Sendable, Equatable {
    case line(String)
    case command(Command, line: String)
}

/// Where a command source hands its lines.
public struct CommandInbox: Sendable {
    private let deliver: @Sendable (CommandInput, @escaping @Sendable () -> Void) -> Void
    private let finish: @Sendable () -> Void

    /// `deliver` carries out an input and then calls its completion; `finish` learns that the source ended.
    public init(deliver: @escaping @Sendable (CommandInput, @escaping @Sendable () -> Void) -> Void, finish: @escaping @Sendable () -> Void)
    {
        self.deliver = deliver
        self.finish = finish
    }

    /// Hands over one line; `completion` runs once it has been carried out and answered, so a
    /// source can read its next line only then and let its input push back.
    public func submit(_ line: String, completion: @escaping @Sendable () -> Void = {}) {
        deliver(.line(line), completion)
    }

    /// Hands over a command that needs no parsing.
    public func submit(_ command: Command, line: String, completion: @escaping @Sendable () -> Void = {}) {
        deliver(.command(command, line: line), completion)
    }

    /// Says that this source will send nothing more (its input ended).
    public func end() {
        finish()
    }
}
