import Foundation
import Testing

/// `pacer help --man`: the pacer(1) man page, made from the command table that `--help` and the
/// completions are made from, so that none of them can leave out what another shows.
@Suite("man page")
struct ManualPageTests {
    static func roff(in sandbox: Sandbox) async throws -> String {
        let result = try await PacerProcess.run(["help", "--man"], in: sandbox)
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
                .replacingOccurrences(of: #"\fR"#, with: "").replacingOccurrences(of: #"\-"#, with: "-") {
                sections[name] = text
            }
        }
        return sections
    }

    /// An option or a name as the man page writes it in bold: `\fB\-\-speed\fR`.
    static func bold(_ option: String) -> String {
        #"\fB"# + option.replacingOccurrences(of: "-", with: #"\-"#) + #"\fR"#
    }

    @Test func rendersWithoutWarnings() async throws {
        let sandbox = try Sandbox()
        let page = try sandbox.write("pacer.1", try await Self.roff(in: sandbox))
        let groff = try #require(Tool.find("groff"), "groff is needed to check the man page")
        let checked = try await Tool.run(groff, ["-man", "-ww", "-z", page], in: sandbox)
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked)")
        if let man = Tool.find("man") {
            let shown = try await Tool.run(man, ["--warnings", "-l", page], in: sandbox, environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
            for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
                #expect(shown.stdoutLines.contains(section), "no \(section) section")
            }
            #expect(shown.stdout.contains("pacer - a workout interval timer for the terminal"), "\(shown)")
        }
    }

    @Test func describesEveryCommandAndEveryOptionThatHelpLists() async throws {
        let sandbox = try Sandbox()
        let table = try await HelpTable(in: sandbox)
        let sections = Self.subsections(of: try await Self.roff(in: sandbox))
        #expect(Set(sections.keys) == Set(table.commands), "the man page's commands: \(sections.keys.sorted())")
        for command in table.commands {
            let section = try #require(sections[command], "no subsection for \(command)")
            for option in table.options[command] ?? [] {
                #expect(section.contains(Self.bold(option)), "\(option) of \(command) is not in the man page")
            }
        }
    }

    @Test func namesEveryEnvironmentVariablePacerReads() async throws {
        let sandbox = try Sandbox()
        let roff = try await Self.roff(in: sandbox)
        let environment = try #require(roff.components(separatedBy: "\n.SH ENVIRONMENT\n").last?.components(separatedBy: "\n.SH ").first)
        // Every `environment["NAME"]` in the sources.
        let sources = ["Sources", "Plugins"].map { PacerBinary.packageRoot.appendingPathComponent($0) }
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
            #expect(environment.contains(".TP\n" + Self.bold(variable)), "pacer reads \(variable) but the man page does not say so under ENVIRONMENT")
        }
    }

    @Test func theManOptionIsHiddenAndTakesNoCommand() async throws {
        let sandbox = try Sandbox()
        let help = try await PacerProcess.run(["help", "help"], in: sandbox)
        #expect(help.status == 0 && !help.stdout.contains("--man"), "\(help)")
        let roff = try await Self.roff(in: sandbox)
        #expect(!roff.contains(Self.bold("--man")), "the man page need not document how it is printed")
        let withCommand = try await PacerProcess.run(["help", "--man", "run"], in: sandbox)
        #expect(withCommand.status == 2 && withCommand.stdout.isEmpty, "\(withCommand)")
    }
}
