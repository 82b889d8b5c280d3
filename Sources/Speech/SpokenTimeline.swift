import PacerFoundation

/// Something said in a rendered session: the words, and when they start and stop.
public struct SpokenClip: Sendable, Equatable {
    public let text: String
    public let start: Instant
    public var end: Instant
    /// Whether something more important cut it off before its end.
    public var isCut = false
}

/// What a session sounds like when every phrase's length is known: the coach's offers played
/// through `SpeechQueue` exactly as the live voice plays them, a phrase ending when its length
/// has passed rather than when an engine process exits.
public enum SpokenTimeline {
    /// The clips heard, in order, for offers in time order.
    public static func clips(of offers: [SessionScore.Offer], length: @escaping @Sendable (String) -> Duration) -> [SpokenClip] {
        var queue = SpeechQueue(length: length)
        var clips: [SpokenClip] = []
        /// The clip being heard, if any.
        var playing: Int?

        func apply(_ actions: [SpeechQueue.Action], at now: Instant) {
            for action in actions {
                switch action {
                case .stop:
                    if let index = playing, clips[index].end > now {
                        clips[index].end = now
                        clips[index].isCut = true
                    }
                    playing = nil
                case .speak(let text):
                    clips.append(SpokenClip(text: text, start: now, end: now + length(text)))
                    playing = clips.count - 1
                }
            }
        }

        /// Lets whatever ends by `moment` end, starting what waits as each does.
        func play(until moment: Instant?) {
            while let index = playing, moment.map({ clips[index].end <= $0 }) ?? true {
                playing = nil
                apply(queue.finished(at: clips[index].end), at: clips[index].end)
            }
        }

        for offer in offers {
            play(until: offer.at)
            apply(queue.offer(offer.utterance, at: offer.at), at: offer.at)
        }
        play(until: nil)
        return clips
    }
}
