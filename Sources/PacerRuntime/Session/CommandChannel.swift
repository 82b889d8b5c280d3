import Glibc
import PacerEngine
import PacerSystem

/// One place commands come from, and where the answers to them go: back to the source that sent them.
public struct CommandChannel: Sendable {
    /// Where the answers go.
    public enum Replies: Sendable {
        /// Printed at the prompt the command was typed at.
        case prompt(Prompt)
        /// Through the sinks that show replies, in order with the event lines (a pipe on stdin).
        case showingSinks
        /// To the sink (a plugin) that sent it, alone.
        case sink(any Sink)
    }

    public let source: any CommandSource
    public let replies: Replies

    /// The terminal's channel: the readline prompt, or lines read from standard input, or none.
    /// `notice` hears about the prompt's files that are left unread.
    public static func terminal(_ terminal: SessionTerminal, environment: Environment, notice: (String) -> Void) -> CommandChannel? {
        switch terminal.input {
        case .prompt(let screen):
            let files = PromptFiles(environment: environment)
            files.notices.forEach(notice)
            let prompt = Prompt(screen: screen, files: files)
            return CommandChannel(source: prompt, replies: .prompt(prompt))
        case .lines:
            return CommandChannel(source: LineReader(descriptor: STDIN_FILENO), replies: .showingSinks)
        case .none:
            return nil
        }
    }

    /// The channel of a sink that sends commands (a plugin), or nil for one that does not.
    public static func sink(_ member: SinkHub.Member) -> CommandChannel? {
        member.commands.map { CommandChannel(source: $0, replies: .sink(member.sink)) }
    }

    /// The prompt this channel reads, if it is the prompt's.
    var prompt: Prompt? {
        if case .prompt(let prompt) = replies { return prompt }
        return nil
    }
}
