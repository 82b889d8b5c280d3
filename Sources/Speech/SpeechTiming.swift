/// How long an engine takes to say a text, estimated from its length before it is said.
///
/// Measured on espeak-ng at 175 words a minute: about 65 ms a character, 120 ms for each pause
/// a comma, colon or full stop makes, and 150 ms to get going. Other rates scale it.
public struct SpeechTiming: Sendable {
    /// Words per minute the engine speaks at.
    public let rate: Int

    public static let defaultRate = 175

    public init(rate: Int = defaultRate) {
        self.rate = rate
    }

    /// The time `text` takes to say.
    public func length(of text: String) -> Duration {
        var characters = 0
        var pauses = 0
        for scalar in text.unicodeScalars {
            characters += 1
            if scalar == "," || scalar == ":" || scalar == "." || scalar == ";" { pauses += 1 }
        }
        let milliseconds = (150 + 65 * characters + 120 * pauses) * Self.defaultRate / max(rate, 1)
        return .milliseconds(milliseconds)
    }
}
