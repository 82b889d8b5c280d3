import PacerEngine
import PacerFoundation
import Synchronization

/// Starts a session's command sources, carries out what they send, and routes each answer back
/// by its channel; tells the driver when the last source has ended.
final class CommandRouter: Sendable {
    private let channels: [CommandChannel]
    private let driver: SessionDriver
    private let hub: SinkHub
    private let terminal: SessionTerminal
    private let running: Atomic<Int>

    init(_ channels: [CommandChannel], driver: SessionDriver, hub: SinkHub, terminal: SessionTerminal) {
        self.channels = channels
        self.driver = driver
        self.hub = hub
        self.terminal = terminal
        running = Atomic(channels.count)
    }

    /// The prompts among the sources.
    var prompts: [Prompt] { channels.compactMap(\.prompt) }

    func start() {
        for channel in channels {
            channel.source.start(
                CommandInbox(
                    deliver: { [self] input, completion in handle(input, replies: channel.replies, completion: completion) },
                    finish: { [self] in sourceEnded() }))
        }
        if channels.isEmpty { inputEnded() }
    }

    func stop() {
        for channel in channels { channel.source.stop() }
    }

    private func sourceEnded() {
        if running.subtract(1, ordering: .relaxed).newValue == 0 { inputEnded() }
    }

    private func inputEnded() {
        // Written before the session's end is published: nothing may follow its summary.
        driver.noMoreInput { [terminal] notice in terminal.reportNow(TerminalText(notice)) }
    }

    /// Parses a line if it is one and carries it out; the answer goes back by `replies`.
    private func handle(_ input: CommandInput, replies: CommandChannel.Replies, completion: @escaping @Sendable () -> Void) {
        let send: @Sendable (Reply) -> Void = { [self] reply in self.send(reply, by: replies) }
        switch input {
        case .command(let command, let line):
            driver.submit(command, line: line, reply: send, completion: completion)
        case .line(let line):
            do {
                let command =
                    if case .sink = replies { try CommandGrammar.parse(line, sentBy: .plugins) } else { try CommandGrammar.parse(line) }
                driver.submit(command, line: line, reply: send, completion: completion)
            } catch {
                driver.refuse(line: line, message: error.message, reply: send, completion: completion)
            }
        }
    }

    private func send(_ reply: Reply, by replies: CommandChannel.Replies) {
        switch replies {
        case .prompt(let prompt):
            prompt.show(reply)
        case .showingSinks:
            // A sensor piped in sends several values a second: only a refusal is worth a line.
            guard let text = reply.text, !(reply.isMeasurement && reply.accepted) else { return }
            if hub.showsReplies {
                hub.showReply(reply)
            } else {
                terminal.messages.print(TerminalText(lines: text))
            }
        case .sink(let sink):
            // A plugin hears of a measure line only when it is refused: the others are not queued.
            guard !(reply.isMeasurement && reply.accepted) else { return }
            hub.sendReply(reply, to: sink)
        }
    }
}
