import Foundation
import Testing

/// `pacer export` where a process is the point: FIT never written to a terminal (what it writes,
/// read back by Garmin's own SDK, and its refusals are tested in-process, in PacerCommandsTests).
@Suite("export")
struct ExportTests {
    /// The phases of `name` as `pacer show --json` lists them.
    static func phases(_ name: String, in sandbox: Sandbox) async throws -> [[String: Any]] {
        let shown = try await PacerProcess.run(["show", "--json", name], in: sandbox)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        return try #require(object["phases"] as? [[String: Any]])
    }

    @Test func fitIsNeverWrittenToATerminal() async throws {
        let sandbox = try Sandbox()
        let script = try #require(Tool.find("script"), "script (util-linux) is needed to give pacer a terminal")
        let command = "'\(PacerBinary.path)' export tabata --to fit; echo status=$?"
        let run = try await Tool.run(script, ["-qec", command, "/dev/null"], in: sandbox, environment: sandbox.environment())
        #expect(run.stdout.contains("FIT is binary: give -o FILE.fit or redirect") && run.stdout.contains("status=2"), "\(run)")
        #expect(!run.stdout.contains(".FIT"), "no FIT bytes reach the terminal: \(run)")
    }
}
