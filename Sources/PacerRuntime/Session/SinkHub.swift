import Dispatch
import PacerEngine
import PacerFoundation
import SinkKit

/// Fans events out to every sink, each on its own serial queue, so a slow or failing sink
/// never delays the clock or another sink.
///
/// Recorders get every event, however far behind they fall. Presenters get at most
/// `presenterBacklog` waiting items: past that the oldest are dropped, since a display or a
/// plugin shows the present, and the user is told once.
public final class SinkHub: Sendable {
    /// How many events and replies may wait for one presenter before the oldest are dropped.
    public static let presenterBacklog = 1_000

    private let channels: [SinkChannel]

    /// A sink with the name the user knows it by and its traits.
    public struct Member: Sendable {
        public let name: String
        public let sink: any Sink
        public let traits: SinkTraits
        /// Where the sink's commands come from, when it sends any (a plugin): said here, never
        /// found out by asking what the sink is.
        public let commands: (any CommandSource)?
        /// The queue the sink's own queue runs on, when it must keep step with another: the
        /// screen's, for the sink that draws on it, so that a frame is computed and drawn on one
        /// thread. Nil for a queue of its own.
        public let target: DispatchQueue?

        public init(name: String, sink: any Sink, traits: SinkTraits, commands: (any CommandSource)? = nil, target: DispatchQueue? = nil) {
            self.name = name
            self.sink = sink
            self.traits = traits
            self.commands = commands
            self.target = target
        }

        /// A member made from a registration's sink.
        public init(name: String, made: MadeSink, traits: SinkTraits, target: DispatchQueue? = nil) {
            self.init(name: name, sink: made.sink, traits: traits, commands: made.commands, target: target)
        }
    }

    /// `report` receives one message per sink that fails or falls behind.
    public init(_ members: [Member], report: @escaping @Sendable (String) -> Void) {
        channels = members.map { SinkChannel($0, backlog: $0.traits.kind == .recorder ? nil : Self.presenterBacklog, report: report) }
    }

    /// Whether any sink shows replies to commands from the prompt or a pipe.
    public var showsReplies: Bool { channels.contains { $0.member.traits.showsReplies } }

    /// Queues events for every sink, each the events it takes.
    public func publish(_ events: [Event]) {
        guard !events.isEmpty else { return }
        for channel in channels {
            let traits = channel.member.traits
            let taken = traits.events == nil ? events : events.filter(traits.takes)
            if !taken.isEmpty { channel.enqueue(taken.map(SinkChannel.Item.event)) }
        }
    }

    /// Passes a reply to the sinks that show replies, after the events already published.
    public func showReply(_ reply: Reply) {
        for channel in channels where channel.member.traits.showsReplies {
            channel.enqueue([.reply(reply)])
        }
    }

    /// Passes a reply to one sink (the plugin that sent the command), after the events already published.
    public func sendReply(_ reply: Reply, to sink: any Sink) {
        for channel in channels where channel.member.sink === sink {
            channel.enqueue([.reply(reply)])
        }
    }

    /// Passes a snapshot to every sink that takes snapshots, after the events published before it.
    /// Snapshots do not pile up: a sink that is behind gets only the latest one when it catches up.
    public func update(_ snapshot: Snapshot) {
        for channel in channels where channel.member.traits.takesSnapshots {
            channel.offer(snapshot)
        }
    }

    /// Waits up to `timeout` seconds for every sink to take what was published so far.
    public func drain(timeout: Double) {
        let deadline = DispatchTime.now() + timeout
        for channel in channels {
            _ = channel.group.wait(timeout: deadline)
        }
    }

    /// What became of the sinks at the end.
    public struct Closing: Sendable {
        /// Presenters that did not finish within the time allowed.
        public var late: [String] = []
        /// Recorders that failed at some point, so what they hold may be incomplete.
        public var failedRecorders: [String] = []
        /// What the sinks had to say after the summary, in the order of the sinks.
        public var closingLines: [TerminalText] = []
    }

    /// Closes every sink after it has taken everything published. Presenters get up to `timeout`
    /// seconds; recorders are waited for as long as they need (`stillWaiting` is told, once, when
    /// one takes longer than `timeout`), since what they hold must not be lost.
    public func close(timeout: Double, stillWaiting: @Sendable ([String]) -> Void = { _ in }) -> Closing {
        for channel in channels {
            channel.close()
        }
        let deadline = DispatchTime.now() + timeout
        var closing = Closing()
        var slowRecorders: [SinkChannel] = []
        for channel in channels where channel.group.wait(timeout: deadline) == .timedOut {
            if channel.member.traits.kind == .recorder {
                slowRecorders.append(channel)
            } else {
                closing.late.append(channel.member.name)
            }
        }
        if !slowRecorders.isEmpty {
            stillWaiting(slowRecorders.map(\.member.name))
            for channel in slowRecorders { channel.group.wait() }
        }
        for channel in channels where !closing.late.contains(channel.member.name) {
            if channel.member.traits.kind == .recorder, channel.hasFailed { closing.failedRecorders.append(channel.member.name) }
            closing.closingLines += channel.member.sink.closingLines
        }
        return closing
    }
}
