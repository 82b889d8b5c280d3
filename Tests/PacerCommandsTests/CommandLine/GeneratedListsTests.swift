import Foundation
import PacerEngine
import PacerFormats
import PacerFoundation
import PacerWorkout
import Testing

/// The lists made from the tables of formats and prompt commands: help, the man page and the
/// completion scripts name every entry, so that adding one to a table is all it takes.
@Suite("lists made from the tables")
struct GeneratedListsTests {
    /// The words of the bash script's line that holds `marker`.
    static func words(of script: String, lineWith marker: String) throws -> Set<Substring> {
        let line = try #require(script.split(separator: "\n").first { $0.contains(marker) }, "no line with \(marker)")
        return Set(line.split(separator: " "))
    }

    static func output(_ arguments: [String]) throws -> String {
        let result = try PacerCall(arguments)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
        return result.stdout
    }

    @Test func helpTheManPageAndCompletionsNameEveryFormat() throws {
        let importHelp = try Self.output(["import", "--help"])
        let exportHelp = try Self.output(["export", "--help"])
        let manual = try Self.output(["help", "--man"])
        let bash = try Self.output(["completions", "bash"])
        let zsh = try Self.output(["completions", "zsh"])
        let fish = try Self.output(["completions", "fish"])
        let from = try Self.words(of: bash, lineWith: "import --from")
        let to = try Self.words(of: bash, lineWith: "export --to")
        for format in WorkoutFormat.readable {
            #expect(importHelp.contains(format.name) && importHelp.contains(format.app), "import --help: \(format)")
            #expect(manual.contains(format.title.replacingOccurrences(of: "-", with: #"\-"#)), "the man page: \(format.title)")
            #expect(from.contains(Substring(format.name)) && fish.contains(format.name), "completion of --from \(format)")
        }
        for format in WorkoutFormat.writable {
            #expect(exportHelp.contains(format.name) && exportHelp.contains(format.app), "export --help: \(format)")
            #expect(to.contains(Substring(format.name)), "completion of --to \(format)")
        }
        let glob = "*.(" + WorkoutFormat.workoutFileExtensions.joined(separator: "|") + ")"
        #expect(zsh.contains(glob), "zsh offers every file pacer reads: \(glob)")
        #expect(WorkoutFormat.readable.flatMap(\.extensions).allSatisfy { zsh.contains("|\($0)") })
    }

    @Test func ctlAndItsCompletionOfferWhatTheTableLetsItSend() throws {
        let help = try Self.output(["ctl", "--help"])
        let bash = try Self.output(["completions", "bash"])
        // The case that offers ctl's arguments, after the one that offers its options.
        let ctlLine = try #require(bash.split(separator: "\n").last { $0.contains(#"ctl) _pacer_offer "$2""#) })
        let ctlCase = Set(ctlLine.split(separator: " "))
        for command in PromptCommand.all {
            let sent = command.senders.contains(.control)
            for word in command.words {
                #expect(ctlCase.contains(Substring(word)) == sent, "ctl's completion and \(word)")
            }
            if sent, !command.words.isEmpty { #expect(help.contains(command.name), "ctl --help names \(command.name)") }
        }
    }

    /// The docs are written by hand: the README's table of prompt commands lists every word of
    /// the table, and the plugin protocol names every command a plugin may send.
    @Test func theDocsNameEveryPromptCommand() throws {
        let root = CommandLineHome.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let plugins = try String(contentsOf: root.appendingPathComponent("docs/plugins.md"), encoding: .utf8)
        let protocolLine = try #require(
            plugins.range(of: "Each line is one prompt command").map { String(plugins[$0.lowerBound...].prefix(400)) })
        for command in PromptCommand.all {
            for word in command.words {
                #expect(readme.contains("| `\(word)") || readme.contains("`\(word)`") || readme.contains("(`\(word)`)"), "README: \(word)")
            }
            if command.senders.contains(.plugins), let name = command.words.first {
                #expect(protocolLine.contains("`\(name)"), "docs/plugins.md: \(name)")
            }
        }
    }
}
