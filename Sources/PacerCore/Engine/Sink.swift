/// An output of the timer: receives every event, in order, on a queue of its own.
///
/// A sink may be slow or fail without affecting the clock or other sinks; errors it throws are
/// reported to the user once and further events still arrive.
public protocol Sink: AnyObject, Sendable {
    /// Handles one event.
    func receive(_ event: Event) throws
    /// Called about once per displayed second with where the session stands; most sinks ignore it.
    func update(_ snapshot: Snapshot)
    /// Called once after the last event: flush and release what the sink holds.
    func close() throws
    /// A message for the user (a reply at the prompt), in order with the events around it.
    func note(_ text: String)
}

extension Sink {
    public func update(_ snapshot: Snapshot) {}
    public func note(_ text: String) {}
    public func close() throws {}
}
