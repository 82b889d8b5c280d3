import Foundation
import Testing

/// What `run` does with a workout `validate` would refuse or warn about, before a session starts
/// (`validate` itself is tested in-process, in PacerCommandsTests).
@Suite("validate, as run checks it")
struct ValidateTests {
    // Issue 7, item 17: `pacer validate fifo.json` hung; a device is refused at once, by run too.
    @Test func runRefusesADeviceAtOnce() async throws {
        let sandbox = try Sandbox()
        let run = try await PacerProcess.run(["run", "/dev/zero", "--speed", "100"], in: sandbox, timeout: 5)
        #expect(run.status == 1 && run.stderr.contains("it is a device, not a regular file"), "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
    }

    @Test func runShowsTheWarningsOnceBeforeItStarts() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("rests.json", #"{"name": "Rests", "steps": [{"rest": 1}, {"rest": 1}]}"#)
        let result = try await PacerProcess.run(["run", "rests.json", "--speed", "100", "--no-prompt"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "rests.json: warning: at steps[1]: two rests back to back: this rest follows the one that ends steps[0]; make them one rest\n",
            "\(result)")
    }
}
