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
        #expect(help.count <= CommandGrammar.helpLines, "help keeps to the rows the live display leaves it")
    }

    /// A table of `count` commands named `c1`, `c2`…, each with `notes` lines of help under its first.
    private static func table(_ count: Int, notes: Int = 0) -> [PromptCommand] {
        (1...count).map { number in
            PromptCommand(
                words: ["c\(number)"], help: (["does \(number)"] + Array(repeating: "note", count: notes)).joined(separator: "\n"),
                read: PromptCommand.plain(.status))
        }
    }

    @Test func helpThatFitsShowsEveryLineOfTheTable() {
        let help = CommandGrammar.help(for: Self.table(3, notes: 1), lines: 6).split(separator: "\n")
        #expect(help == ["c1  does 1", "    note", "c2  does 2", "    note", "c3  does 3", "    note"])
    }

    @Test func helpTooLongLeavesTheNotesOutFirst() {
        let help = CommandGrammar.help(for: Self.table(3, notes: 1), lines: 5).split(separator: "\n")
        #expect(help == ["c1  does 1", "c2  does 2", "c3  does 3"])
    }

    // The prompt prints help as it is: a line as wide as the terminal would wrap and push the clock up.
    @Test func everyLineOfHelpFitsAnEightyColumnTerminal() {
        for line in CommandGrammar.help.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) < 80, "\(DisplayWidth.of(String(line))) columns: \(line)")
        }
    }

    // However many commands the table grows to, help keeps to its lines and names them all, so the
    // live display's layout never depends on the table.
    @Test func helpOfAGrowingTableKeepsToItsLinesAndNamesEveryCommand() {
        for count in [9, 10, 11, 40] {
            let help = CommandGrammar.help(for: Self.table(count, notes: 2), lines: 10).split(separator: "\n")
            #expect(help.count == min(count, 10), "\(count) commands: \(help)")
            let words = Set(help.flatMap { $0.split { $0 == " " || $0 == ";" } })
            #expect((1...count).allSatisfy { words.contains("c\($0)") }, "\(count) commands: \(help)")
        }
        #expect(CommandGrammar.help(for: Self.table(12), lines: 10).split(separator: "\n").last == "also: c10; c11; c12")
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
