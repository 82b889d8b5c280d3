import Foundation
import Testing

/// `pacer help --man` as groff and man render it. What it holds, against the command table, is
/// tested in-process (PacerCommandsTests' ManualPageTests).
@Suite("man page")
struct ManualPageTests {
    static func roff(in sandbox: Sandbox) async throws -> String {
        let result = try await PacerProcess.run(["help", "--man"], in: sandbox)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdout
    }

    @Test func rendersWithoutWarnings() async throws {
        let sandbox = try Sandbox()
        let page = try sandbox.write("pacer.1", try await Self.roff(in: sandbox))
        let groff = try #require(Tool.find("groff"), "groff is needed to check the man page")
        let checked = try await Tool.run(groff, ["-man", "-ww", "-z", page], in: sandbox)
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked)")
        if let man = Tool.find("man") {
            let shown = try await Tool.run(
                man, ["--warnings", "-l", page], in: sandbox, environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
            for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
                #expect(shown.stdoutLines.contains(section), "no \(section) section")
            }
            #expect(shown.stdout.contains("pacer - a workout interval timer for the terminal"), "\(shown)")
        }
    }
}
