import PacerFoundation
import PacerWorkout

/// The prompt's commands read, listed and explained, all from the table (`PromptCommand.all`).
public enum CommandGrammar {
    /// Every command word the prompt offers, for completion.
    public static let words = PromptCommand.all.flatMap(\.words)

    /// The commands `senders` may send (`pacer ctl`'s choices).
    public static func commands(sentBy senders: PromptCommand.Senders) -> [PromptCommand] {
        PromptCommand.all.filter { $0.senders.isSuperset(of: senders) }
    }

    /// The help text, one command per line (and its notes under it).
    public static let help = PromptCommand.all.flatMap { command in
        command.help.enumerated().map { index, line in
            let left = index == 0 ? command.usage : ""
            return left + String(repeating: " ", count: helpColumn - left.count) + line
        }
    }.joined(separator: "\n")

    /// Where the help's text starts, past the longest usage.
    private static let helpColumn = (PromptCommand.all.filter { !$0.help.isEmpty }.map(\.usage.count).max() ?? 0) + 2

    /// The command a line is typed as (by its word or sign), nil for an empty line or an unknown word.
    public static func command(typedAs line: String) -> PromptCommand? {
        let text = line.trimmingSpaces()
        if let first = text.first, let signed = PromptCommand.all.first(where: { $0.signs.contains(first) }) { return signed }
        let word = Self.word(of: text)
        return PromptCommand.all.first { $0.words.contains(word) || $0.quietWords.contains(word) }
    }

    /// Reads one line of input as a command.
    public static func parse(_ line: String) throws(CommandParseError) -> Command {
        let text = line.trimmingSpaces()
        if text.isEmpty { return .togglePause }
        let word = Self.word(of: text)
        if let command = command(typedAs: text) {
            if let sign = text.first, command.signs.contains(sign) {
                return try command.read(String(sign), String(text.dropFirst()))
            }
            return try command.read(word, String(text.dropFirst(word.count)).trimmingSpaces())
        }
        let shown = word.count > 40 ? word.prefix(39) + "…" : word
        if let suggestion = Suggestion.closest(to: word, among: words) {
            throw CommandParseError(message: "unknown command \"\(shown)\" (did you mean \"\(suggestion)\"?); type help for the list")
        }
        throw CommandParseError(message: "unknown command \"\(shown)\"; type help for the list")
    }

    /// Reads a line that `sender` sent: a command the table does not let it send is refused.
    public static func parse(_ line: String, sentBy sender: PromptCommand.Senders) throws(CommandParseError) -> Command {
        let command = try parse(line)
        if let declared = self.command(typedAs: line), !declared.senders.isSuperset(of: sender) {
            throw CommandParseError(
                message: "\(declared.name) is typed at the prompt only, not sent by \(sender == .plugins ? "a plugin" : "pacer ctl")")
        }
        return command
    }

    /// The first word of a line, lower-cased: up to a space or an `@` (`done@20`).
    private static func word(of text: String) -> String {
        String(text.prefix { $0 != " " && $0 != "@" }).lowercased()
    }
}
