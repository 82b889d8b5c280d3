import PacerFoundation

/// One thing the coach says: its words, how much it matters, and the moments it must fit between.
public struct Utterance: Sendable, Equatable {
    /// How much an utterance matters when another is still being said.
    public enum Priority: Int, Sendable, Comparable {
        /// Cues, the halfway call, what comes next: said when there is room.
        case remark
        /// Phase names, pause and resume, the end of the workout.
        case announcement
        /// A countdown number: said on its beat, cutting off whatever is still being said.
        case beat

        public static func < (lhs: Priority, rhs: Priority) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The words, already made safe to speak (see `SpokenText`).
    public var text: String
    /// A shorter form, said instead when `text` would not finish in time.
    public var shortText: String?
    public var priority: Priority
    /// When it should start, on the session's clock.
    public var due: Instant
    /// The latest it may start: after that its moment has passed and it is dropped.
    public var startBy: Instant
    /// When it must have finished (the next countdown beat or the phase's end), or nil when nothing follows it.
    public var finishBy: Instant?
    /// The stretch of the session it belongs to (a phase, a pause): once a later scope begins, it is stale.
    public var scope: Int

    public init(
        text: String, shortText: String? = nil, priority: Priority, due: Instant, startBy: Instant,
        finishBy: Instant? = nil, scope: Int
    ) {
        self.text = text
        self.shortText = shortText
        self.priority = priority
        self.due = due
        self.startBy = startBy
        self.finishBy = finishBy
        self.scope = scope
    }
}
