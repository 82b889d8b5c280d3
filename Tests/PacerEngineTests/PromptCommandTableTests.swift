import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerEngine

/// The table of prompt commands, and the lists made from it: every command is parsed, helped,
/// completed and allowed to its senders as its one entry says.
@Suite struct PromptCommandTableTests {
    /// A line that types `command` by `word`, with an argument where the command needs one.
    static func line(_ command: PromptCommand, word: String) -> String {
        command.name == "measure" ? "\(word) power=200" : word
    }

    @Test func everyWordOfEveryCommandParsesAsThatCommand() throws {
        for command in PromptCommand.all {
            for word in command.words + command.quietWords {
                #expect(CommandGrammar.command(typedAs: Self.line(command, word: word.uppercased()))?.name == command.name, "\(word)")
                _ = try CommandGrammar.parse(Self.line(command, word: word))
            }
            for sign in command.signs {
                #expect(CommandGrammar.command(typedAs: "\(sign)30")?.name == command.name)
                _ = try CommandGrammar.parse("\(sign)30")
            }
        }
    }

    @Test func noWordTypesTwoCommands() {
        let words = PromptCommand.all.flatMap { $0.words + $0.quietWords + $0.signs.map(String.init) }
        #expect(Set(words).count == words.count, "\(words)")
    }

    @Test func helpAndCompletionNameEveryCommandOfTheTable() {
        let help = CommandGrammar.help.split(separator: "\n")
        for command in PromptCommand.all {
            for word in command.words {
                #expect(CommandGrammar.words.contains(word), "completion offers \(word)")
                #expect(help.contains { $0.split(separator: "  ").first?.contains(word) == true }, "help lists \(word) in its left column")
            }
            #expect(command.quietWords.allSatisfy { !CommandGrammar.words.contains($0) }, "\(command.name)'s quiet words are not offered")
        }
        #expect(help.contains { $0.hasPrefix("+30, -10") }, "help shows how a phase is lengthened")
        #expect(help.count == PromptCommand.all.map(\.help.count).reduce(0, +), "a line for each line of help, no more")
    }

    @Test func controlSendsWhatTheTableAllowsAndRefusesTheRest() throws {
        let sent = CommandGrammar.commands(sentBy: .control).map(\.name)
        #expect(sent.contains("skip") && sent.contains("quit") && sent.contains("+30, -10, +1m"))
        #expect(!sent.contains("status") && !sent.contains("help"), "an answer pacer ctl never shows is not sent")
        for command in PromptCommand.all {
            let line = Self.line(command, word: command.words.first ?? "+30")
            let refusal: String?
            do {
                _ = try CommandGrammar.parse(line, sentBy: .control)
                refusal = nil
            } catch {
                refusal = error.message
            }
            #expect((refusal == nil) == command.senders.contains(.control), "\(line): \(refusal ?? "taken")")
            #expect(refusal == nil || refusal == "\(command.name) is typed at the prompt only, not sent by pacer ctl")
        }
    }

    @Test func pluginsMaySendEveryCommandTheTableLetsThem() throws {
        for command in PromptCommand.all where command.senders.contains(.plugins) {
            _ = try CommandGrammar.parse(Self.line(command, word: command.words.first ?? "+30"), sentBy: .plugins)
        }
        #expect(
            PromptCommand.all.allSatisfy { $0.senders.contains(.plugins) }, "a plugin steers a session as a user does (docs/plugins.md)")
    }
}
