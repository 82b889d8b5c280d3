import PacerCommandLine
import Testing

@testable import PacerCommands

/// `pacer completions bash|zsh|fish`, in-process: each script offers every command of the table and,
/// for each command, every option its help lists and none it hides. (How the shells use the scripts
/// is tested end to end, in the shells themselves.)
@Suite("Completion scripts, in-process")
struct CompletionScriptTests {
    static func script(_ shell: Shell) throws -> String {
        let result = try PacerCall(["completions", shell.rawValue])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdout
    }

    /// The lines of `script` from the one that opens `start` up to the first that matches `end`.
    static func section(of script: String, from start: String, to end: (Substring) -> Bool) -> String {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != start }
        return lines.prefix { !end($0) || $0 == start }.joined(separator: "\n")
    }

    @Test func bashOffersEveryCommandAndEachCommandsOptions() throws {
        let script = try Self.script(.bash)
        let commands = Pacer.commands.map(\.name).joined(separator: " ")
        #expect(script.contains("_pacer_offer \"$word\" --help --version \(commands)\n"), "\(script)")
        for command in Pacer.commands {
            let options = command.visibleOptions.map(\.name).joined(separator: " ")
            #expect(
                script.contains("        \(command.name)) _pacer_offer \"$2\" \(options) ;;\n"),
                "bash offers other options for \(command.name)")
        }
    }

    @Test func zshOffersEveryCommandAndEachCommandsOptions() throws {
        let script = try Self.script(.zsh)
        for command in Pacer.commands {
            #expect(script.contains("    '\(command.name):"), "zsh does not offer \(command.name)")
            let section = Self.section(of: script, from: "    \(command.name))") { $0 == "      ;;" }
            for option in command.visibleOptions {
                #expect(
                    section.contains("'\(option.name)[") || section.contains("\(option.name)=["),
                    "zsh does not offer \(option.name) for \(command.name)")
            }
            for option in command.options where option.hidden {
                #expect(!section.contains("'\(option.name)"), "zsh offers the hidden \(option.name)")
            }
        }
    }

    @Test func fishOffersEveryCommandAndEachCommandsOptions() throws {
        let script = try Self.script(.fish)
        for command in Pacer.commands {
            #expect(
                script.contains("complete -c pacer -n __pacer_needs_command -a '\(command.name)' -d "),
                "fish does not offer \(command.name)")
            let lines = script.split(separator: "\n").filter { $0.hasPrefix("complete -c pacer -n '__pacer_using \(command.name)' ") }
            for option in command.visibleOptions {
                let word = option.name.hasPrefix("--") ? "-l '\(option.name.dropFirst(2))'" : "-s '\(option.name.dropFirst())'"
                #expect(lines.contains { $0.contains(" \(word) ") }, "fish does not offer \(option.name) for \(command.name)")
            }
            for option in command.options where option.hidden {
                #expect(!lines.contains { $0.contains("'\(option.name.drop { $0 == "-" })'") }, "fish offers the hidden \(option.name)")
            }
        }
    }
}
