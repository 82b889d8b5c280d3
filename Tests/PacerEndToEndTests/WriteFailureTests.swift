import Foundation
import Glibc
import Testing

/// Issue 41, item 5: a write to standard output that fails is a failure, said on standard error
/// (item 6, never writing over the workout read, is tested in-process, in PacerCommandsTests).
@Suite("failed and refused writes")
struct WriteFailureTests {
    static let workout = #"{"name": "Mine", "steps": [{"work": "5m", "power": "90%"}]}"#

    /// `pacer ARGUMENTS > /dev/full`, through bash.
    static func toFullDisk(_ arguments: String, in sandbox: Sandbox) async throws -> PacerResult {
        let pacer = try PacerBinary.require().path
        let process = try await PacerProcess(
            ["-c", "'\(pacer)' \(arguments) > /dev/full"], environment: sandbox.environment(),
            directory: sandbox.directory, executable: URL(fileURLWithPath: "/bin/bash"))
        return await process.finish(timeout: 10)
    }

    @Test func everyCommandWritingToAFullDiskFailsSayingSo() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("mine.json", Self.workout)
        try sandbox.write(
            "ride.erg", "[COURSE HEADER]\nMINUTES PERCENT\n[END COURSE HEADER]\n[COURSE DATA]\n0 50\n5 50\n[END COURSE DATA]\n")
        for arguments in [
            "export mine.json --to zwo", "export mine.json --to fit", "import ride.erg", "cat mine.json", "cat tabata",
            "show mine.json", "show --json mine.json", "schema", "list", "--help", "history --csv",
        ] {
            let result = try await Self.toFullDisk(arguments, in: sandbox)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("pacer: cannot write to standard output: No space left on device"), "\(result)")
            #expect(!result.stderr.contains("-> "), "no summary says the import was written: \(result)")
        }
    }

    @Test func aReaderThatGoesAwayEndsTheCommandAsSIGPIPEWould() async throws {
        let sandbox = try Sandbox()
        let pacer = try PacerBinary.require().path
        // 2,000 phases, far more than a pipe holds, so pacer still writes once head has left.
        let process = try await PacerProcess(
            ["-c", "'\(pacer)' show '1000x(1s, 1s rest)' | head -1; exit ${PIPESTATUS[0]}"],
            environment: sandbox.environment(), directory: sandbox.directory,
            executable: URL(fileURLWithPath: "/bin/bash"))
        let result = await process.finish(timeout: 10)
        #expect(result.status == 128 + SIGPIPE && result.stderr.isEmpty, "\(result)")
    }

}
