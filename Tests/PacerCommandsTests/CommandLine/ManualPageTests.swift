import Foundation
import PacerCommandLine
import Testing

@testable import PacerCommands

/// `pacer help --man`, in-process: the pacer(1) man page, made from the command table that `--help`
/// and the completions are made from, so that none of them can leave out what another shows. (That
/// groff and man render it without a warning is tested end to end.)
@Suite("man page, in-process")
struct ManualPageTests {
    static func roff() throws -> String {
        let result = try PacerCall(["help", "--man"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdout
    }

    /// The roff of each command's subsection, by command name.
    static func subsections(of roff: String) -> [String: String] {
        var sections: [String: String] = [:]
        for part in roff.components(separatedBy: "\n.SS\n").dropFirst() {
            let text = part.components(separatedBy: "\n.SH ").first ?? part
            let heading = text.prefix { $0 != "\n" }
            // The heading is the usage line: \fBpacer\fR \fBrun\fR ..., a name's `-` written `\-`.
            if let name = heading.split(separator: " ").dropFirst().first?.replacingOccurrences(of: #"\fB"#, with: "")
                .replacingOccurrences(of: #"\fR"#, with: "").replacingOccurrences(of: #"\-"#, with: "-")
            {
                sections[name] = text
            }
        }
        return sections
    }

    /// An option or a name as the man page writes it in bold: `\fB\-\-speed\fR`.
    static func bold(_ option: String) -> String {
        #"\fB"# + option.replacingOccurrences(of: "-", with: #"\-"#) + #"\fR"#
    }

    @Test func describesEveryCommandAndEveryOptionThatHelpLists() throws {
        let sections = Self.subsections(of: try Self.roff())
        #expect(Set(sections.keys) == Set(Pacer.commands.map(\.name)), "the man page's commands: \(sections.keys.sorted())")
        for command in Pacer.commands {
            let section = try #require(sections[command.name], "no subsection for \(command.name)")
            for option in command.visibleOptions {
                #expect(section.contains(Self.bold(option.name)), "\(option.name) of \(command.name) is not in the man page")
            }
        }
    }

    @Test func namesEveryEnvironmentVariablePacerReads() throws {
        let roff = try Self.roff()
        let environment = try #require(roff.components(separatedBy: "\n.SH ENVIRONMENT\n").last?.components(separatedBy: "\n.SH ").first)
        // Every `environment["NAME"]` in the sources.
        let sources = ["Sources", "Plugins"].map { CommandLineHome.packageRoot.appendingPathComponent($0) }
        var read: Set<String> = []
        for folder in sources {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                read.formUnion(text.matches(of: /environment\["([A-Z][A-Z0-9_]*)"\]/).map { String($0.output.1) })
            }
        }
        #expect(read.isSuperset(of: ["PACER_PATH", "NO_COLOR", "TERM"]), "\(read.sorted())")
        for variable in read.union(["XDG_CONFIG_HOME", "XDG_STATE_HOME", "HOME"]).sorted() {
            #expect(
                environment.contains(".TP\n" + Self.bold(variable)),
                "pacer reads \(variable) but the man page does not say so under ENVIRONMENT")
        }
    }

    @Test func theManOptionIsHiddenAndTakesNoCommand() throws {
        let help = try PacerCall(["help", "help"])
        #expect(help.status == 0 && !help.stdout.contains("--man"), "\(help)")
        let roff = try Self.roff()
        #expect(!roff.contains(Self.bold("--man")), "the man page need not document how it is printed")
        let withCommand = try PacerCall(["help", "--man", "run"])
        #expect(withCommand.status == 2 && withCommand.stdout.isEmpty, "\(withCommand)")
    }
}
