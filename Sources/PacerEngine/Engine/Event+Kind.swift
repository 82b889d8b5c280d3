extension Event {
    /// An event's type, named as the stream names it (`phase.start`, `countdown`, …): what a
    /// sink's list of the events it takes holds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case sessionStart = "session.start"
        case phaseStart = "phase.start"
        case countdown
        case cue
        case phaseEnd = "phase.end"
        case pause
        case resume
        case extend
        case back
        case restart
        case blockEnd = "block.end"
        case sample
        case sessionEnd = "session.end"
    }

    /// The event's type.
    public var kind: Kind {
        switch payload {
        case .sessionStart: .sessionStart
        case .phaseStart: .phaseStart
        case .countdown: .countdown
        case .cue: .cue
        case .phaseEnd: .phaseEnd
        case .pause: .pause
        case .resume: .resume
        case .extend: .extend
        case .back: .back
        case .restart: .restart
        case .blockEnd: .blockEnd
        case .sample: .sample
        case .sessionEnd: .sessionEnd
        }
    }

    /// The event's type as the stream names it: `phase.start`, `countdown`, …
    public var name: String {
        kind.rawValue
    }
}
