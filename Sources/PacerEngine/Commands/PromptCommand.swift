import PacerFoundation
import PacerWorkout

/// One prompt command as the table (`PromptCommand.all`) declares it: the words it is typed as,
/// its line of help, how what follows the word is read, and who besides the user may send it.
public struct PromptCommand: Sendable {
    /// Who may send a command besides the user at the prompt or on standard input.
    public struct Senders: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `pacer ctl`, which never sees an answer: a command whose point is its answer stays out.
        public static let control = Senders(rawValue: 1 << 0)
        /// External plugins, by the lines they print.
        public static let plugins = Senders(rawValue: 1 << 1)
    }

    /// Reads what follows the word (`word` as typed, lower-cased) into a command.
    typealias Reader = @Sendable (_ word: String, _ argument: String) throws(CommandParseError) -> Command

    /// The words that type the command, its name first; completion offers them.
    public let words: [String]
    /// Words that type it too, not offered (`?` for help).
    let quietWords: [String]
    /// Characters that start it, joined to what follows (`+30`, `-10`).
    let signs: [Character]
    /// The help's left column: the words, or how the command is written.
    let usage: String
    /// The help's text, a line each; none when the next command's line says this one too
    /// (`pause, resume`), so that help stays as short as the live display counts on.
    let help: [String]
    public let senders: Senders
    let read: Reader

    init(
        words: [String], quietWords: [String] = [], signs: [Character] = [], usage: String? = nil, help: String?,
        senders: Senders = [.control, .plugins], read: @escaping Reader
    ) {
        self.words = words
        self.quietWords = quietWords
        self.signs = signs
        self.usage = usage ?? words.joined(separator: ", ")
        self.help = help?.split(separator: "\n").map(String.init) ?? []
        self.senders = senders
        self.read = read
    }

    /// The command's name: its first word, or how it is written when it has none (`+30, -10, +1m`).
    public var name: String { words.first ?? usage }

    /// A command that takes nothing after its word.
    static func plain(_ command: Command) -> Reader {
        { word, argument throws(CommandParseError) in
            guard argument.isEmpty else { throw CommandParseError(message: "\(word) takes nothing after it") }
            return command
        }
    }
}
