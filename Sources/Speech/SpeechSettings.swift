import SinkKit

/// How the coach should sound, from `--sink speech:KEY=VALUE,...` or `pacer render`'s options:
/// the engine's command, voice, rate and volume, each checked before anything starts.
public struct SpeechSettings: Sendable, Equatable {
    /// The user's own engine: the program and its first arguments; the text comes last.
    public var command: [String]?
    public var voice: String?
    /// Words per minute.
    public var rate: Int?
    /// Percent of the engine's normal volume, 0 to 200.
    public var volume: Int?
    /// Whether the coach says when a measured power or heart rate strays from its target.
    public var nudges = true

    public static let rates = 80...500
    public static let volumes = 0...200

    public init(command: [String]? = nil, voice: String? = nil, rate: Int? = nil, volume: Int? = nil) {
        self.command = command
        self.voice = voice
        self.rate = rate
        self.volume = volume
    }

    /// The options the speech sink takes, for `--sink` and help.
    public static let options = [
        SinkOption(
            key: "command", value: "PROGRAM",
            help: "speak with PROGRAM (and its arguments, space-separated) given the text as its last argument"),
        SinkOption(key: "voice", value: "NAME", help: "the engine's voice: espeak-ng -v, spd-say -t (MODULE/TYPE: -o and -t), say -v"),
        SinkOption(
            key: "rate", value: "WPM",
            help: "words per minute, \(rates.lowerBound) to \(rates.upperBound) (the engines' default is about 175)"),
        SinkOption(
            key: "volume", value: "PERCENT",
            help: "\(volumes.lowerBound) to \(volumes.upperBound), 100 is the engine's normal volume (not for say)"),
        SinkOption(
            key: "nudges", value: "on|off", help: "say when measured power or heart rate stays off its target for 10 s (on by default)"),
    ]

    /// Reads the sink's options, or says what is wrong with them.
    public init(options: [String: String]) throws(SinkSetupError) {
        if let text = options["command"] {
            let words = text.split(separator: " ").map(String.init)
            guard !words.isEmpty else {
                throw .invalidOption(sink: "speech", key: "command", problem: "speech option command= names no program")
            }
            command = words
        }
        voice = try options["voice"].map(Self.checkedVoice)
        rate = try options["rate"].map { text throws(SinkSetupError) in try Self.number(text, in: Self.rates, for: "rate") }
        volume = try options["volume"].map { text throws(SinkSetupError) in try Self.number(text, in: Self.volumes, for: "volume") }
        switch options["nudges"] {
        case nil, "on": nudges = true
        case "off": nudges = false
        case let other?:
            throw .invalidOption(sink: "speech", key: "nudges", problem: "speech option nudges takes on or off, not '\(other.prefix(40))'")
        }
        if command != nil, voice != nil || rate != nil || volume != nil {
            throw .invalidOption(
                sink: "speech", key: "command",
                problem:
                    "speech options voice, rate and volume are for the engines pacer knows; with command=, put the flags in the command")
        }
    }

    /// A voice name as an engine takes it: letters, digits and `-_+./`, not starting with `-`.
    public static func checkedVoice(_ text: String) throws(SinkSetupError) -> String {
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || (scalar.value >= 0x30 && scalar.value <= 0x39) || "-_+./".unicodeScalars.contains(scalar)
        }
        guard !text.isEmpty, text.count <= 64, allowed, !text.hasPrefix("-") else {
            throw .invalidOption(
                sink: "speech", key: "voice", problem: "'\(text)' is not a voice name (letters, digits and -_+./, as in en-gb or en+f3)")
        }
        return text
    }

    /// A whole number within `range`, for the option `name`.
    public static func number(_ text: String, in range: ClosedRange<Int>, for name: String) throws(SinkSetupError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw .invalidOption(
                sink: "speech", key: name,
                problem: "speech \(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
