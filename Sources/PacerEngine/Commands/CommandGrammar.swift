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

    /// The most lines `help` takes. The live display keeps this many rows free for it under its
    /// block, whatever the table holds, so a command added to the table changes no layout.
    public static let helpLines = 10

    /// The help text, one command per line (and its notes under it), folded to `helpLines`.
    public static let help = help(for: PromptCommand.all, lines: helpLines)

    /// The help for `commands` in at most `lines` lines (at least two): every line of the table
    /// when they fit; else each command's first line, its notes left out; else the first commands'
    /// first lines and a last line that names the others (`also: ping; pong`), so that help names
    /// every command however long the table grows.
    static func help(for commands: [PromptCommand], lines: Int) -> String {
        let helped = commands.filter { !$0.help.isEmpty }
        let column = (helped.map(\.usage.count).max() ?? 0) + 2
        let row = { (left: String, text: String) in left + String(repeating: " ", count: column - left.count) + text }
        let full = helped.flatMap { command in command.help.enumerated().map { row($0 == 0 ? command.usage : "", $1) } }
        guard full.count > lines else { return full.joined(separator: "\n") }
        let firsts = helped.map { row($0.usage, $0.help[0]) }
        guard firsts.count > lines else { return firsts.joined(separator: "\n") }
        let shown = max(1, lines - 1)
        return (firsts.prefix(shown) + ["also: " + helped.dropFirst(shown).map(\.usage).joined(separator: "; ")]).joined(separator: "\n")
    }

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
