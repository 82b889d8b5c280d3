import PacerFoundation

/// Who speaks when: the rules between what is being said and what comes in, shared by the live
/// sink (driven by the engine's processes) and `pacer render` (driven by known lengths).
///
/// Something new cuts off what is being said when it matters more, or when what is being said
/// belongs to a stretch of the session that is over (an earlier phase, before a pause) or has
/// run past the moment it had to finish by; otherwise it waits its turn, behind anything that
/// matters as much or more. Nothing starts after its `startBy`, and nothing starts that would not
/// finish by its `finishBy` (its short form is tried first): it is dropped, never delayed.
public struct SpeechQueue: Sendable {
    /// What the speaker must do.
    public enum Action: Sendable, Equatable {
        /// Stop what is being said, at once.
        case stop
        /// Start saying these words.
        case speak(String)
    }

    /// How long a text takes to say.
    public let length: @Sendable (String) -> Duration
    /// What is being said now.
    public private(set) var current: Utterance?
    /// What waits its turn, first to be said first.
    public private(set) var waiting: [Utterance] = []

    public init(length: @escaping @Sendable (String) -> Duration) {
        self.length = length
    }

    /// Takes a new utterance at `now`.
    public mutating func offer(_ utterance: Utterance, at now: Instant) -> [Action] {
        waiting.removeAll { $0.scope < utterance.scope }
        guard let current else { return start(utterance, at: now) }
        let overdue = current.finishBy.map { $0 < now } ?? false
        guard utterance.priority > current.priority || utterance.priority == .beat || utterance.scope > current.scope || overdue else {
            let place = waiting.firstIndex { $0.priority < utterance.priority } ?? waiting.endIndex
            waiting.insert(utterance, at: place)
            return []
        }
        guard let words = fitting(utterance, at: now) else { return [] }
        self.current = utterance
        return [.stop, .speak(words)]
    }

    /// What is being said has ended, at `now`: the next that still fits starts.
    public mutating func finished(at now: Instant) -> [Action] {
        current = nil
        while !waiting.isEmpty {
            let actions = start(waiting.removeFirst(), at: now)
            if !actions.isEmpty { return actions }
        }
        return []
    }

    /// Ends everything: stops what is being said and forgets what waits.
    public mutating func silence() -> [Action] {
        waiting = []
        guard current != nil else { return [] }
        current = nil
        return [.stop]
    }

    /// Whether nothing is being said and nothing waits.
    public var isIdle: Bool { current == nil && waiting.isEmpty }

    private mutating func start(_ utterance: Utterance, at now: Instant) -> [Action] {
        guard let words = fitting(utterance, at: now) else { return [] }
        current = utterance
        return [.speak(words)]
    }

    /// The words to say if the utterance may start at `now`: its text, or its short form when only
    /// that finishes in time; nil when its moment has passed or neither fits.
    private func fitting(_ utterance: Utterance, at now: Instant) -> String? {
        guard now <= utterance.startBy else { return nil }
        guard let finishBy = utterance.finishBy else { return utterance.text }
        return [utterance.text, utterance.shortText].compactMap { $0 }.first { now + length($0) <= finishBy }
    }
}
