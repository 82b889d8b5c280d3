/// A pause of a session: from its `pause` event to the `resume` after it, in real seconds from the
/// session's start (the events' `t`).
public struct PauseRecord: Sendable, Equatable {
    public var started: Double
    /// Nil when the session ended paused (or was cut off before it resumed).
    public var ended: Double?

    public init(started: Double, ended: Double?) {
        self.started = started
        self.ended = ended
    }
}
