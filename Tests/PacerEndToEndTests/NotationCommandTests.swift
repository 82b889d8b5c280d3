import Foundation
import Testing

/// A line of notation as `run` takes it (validate, show and `show --notation` are tested
/// in-process, in PacerCommandsTests).
@Suite("notation on the command line")
struct NotationCommandTests {
    @Test func aLineOfNotationRuns() async throws {
        let sandbox = try Sandbox()
        let line = "2s prepare, 2x(1s Sprint, 1s rest), 1s cooldown"
        let run = try await PacerProcess.run(["run", line, "--speed", "20", "--no-history", "--log", "log.jsonl"], in: sandbox)
        #expect(run.status == 0 && run.summaryLine?.hasPrefix("Workout complete.") == true, "\(run)")
        let log = try String(contentsOfFile: sandbox.path("log.jsonl"), encoding: .utf8)
        #expect(
            log.contains(#""workout":"2s prepare, 2x(1s Sprint, 1s rest), 1s cooldown""#) && log.contains(#""file":"<notation>""#), "\(log)"
        )
    }
}
