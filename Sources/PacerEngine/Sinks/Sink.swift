import PacerFoundation

/// An output of the timer: receives every event, in order, on a queue of its own.
///
/// A sink may be slow or fail without affecting the clock or other sinks; errors it throws are
/// reported to the user once and further events still arrive.
public protocol Sink: AnyObject, Sendable {
    /// Handles one event.
    func receive(_ event: Event) throws
    /// Called after each batch of events; a sink that buffers its writes writes them now.
    func flush() throws
    /// Called about once per displayed second with where the session stands, for the sinks whose
    /// traits say they take snapshots.
    func update(_ snapshot: Snapshot)
    /// The answer to a command, for the sink that shows replies or the plugin that sent it, in
    /// order with the events around it.
    func reply(_ reply: Reply)
    /// Called once after the last event: flush and release what the sink holds.
    func close() throws
    /// Lines for the user after the session's summary, asked for once after `close`.
    var closingLines: [TerminalText] { get }
}

extension Sink {
    public func flush() throws {}
    public func update(_ snapshot: Snapshot) {}
    public func reply(_ reply: Reply) {}
    public func close() throws {}
    public var closingLines: [TerminalText] { [] }
}

/// What became of a command: whether it was carried out, and what to tell whoever sent it.
public struct Reply: Sendable, Equatable {
    /// The command line as it was received.
    public let command: String
    /// Whether the command was understood and carried out.
    public let accepted: Bool
    /// The message for the sender: the reason for a refusal, or the answer to `status` or `help`.
    public let text: String?
    /// When the command was carried out.
    public let t: Instant

    public init(command: String, accepted: Bool, text: String?, t: Instant) {
        self.command = command
        self.accepted = accepted
        self.text = text
        self.t = t
    }

    /// Whether it answers a `measure` line, which a sensor sends several times a second.
    public var isMeasurement: Bool {
        command.trimmingSpaces().prefix { $0 != " " }.lowercased() == "measure"
    }

    /// The reply as one line of the event stream, for a plugin: `{"event":"reply",…}`.
    public var jsonLine: String {
        var object = JSONObjectWriter()
        object.add("event", quoted: "reply")
        object.add("t", raw: Event.seconds(t))
        object.add("command", quoted: command)
        object.add("ok", raw: accepted ? "true" : "false")
        if let text { object.add("text", quoted: text) }
        return object.text
    }
}
