import Foundation
import Glibc
import Testing

/// `-` is standard input for validate, show, run and render; a named FIFO or `<(command)` is read
/// like it, with the size limit and a timeout; a FIFO on the search path stays refused.
@Suite("standard input and FIFOs")
struct StandardInputTests {
    static let workout = #"{"name": "Piped", "steps": [{"work": 1, "name": "Sprint"}, {"rest": 1}]}"#

    @Test func validateAndShowReadStandardInputFromAPipe() async throws {
        let sandbox = try Sandbox()
        let validated = try await PacerProcess.run(["validate", "-"], in: sandbox, stdin: .text(Self.workout))
        #expect(validated.status == 0 && validated.stdout == "ok  <stdin>: 2 phases, 2s\n", "\(validated)")
        let shown = try await PacerProcess.run(["show", "-"], in: sandbox, stdin: .closedPipe(Data(Self.workout.utf8)))
        #expect(shown.status == 0 && shown.stdoutLines.first == "Piped  (<stdin>)" && shown.stdout.contains("Sprint"), "\(shown)")
        let broken = try await PacerProcess.run(["validate", "-"], in: sandbox, stdin: .text(#"{"name": "x", "steps": [{"wrok": 1}]}"#))
        #expect(broken.status == 1 && broken.stderr.contains("<stdin>: error: at steps[0]: unknown key \"wrok\""), "\(broken)")
        let empty = try await PacerProcess.run(["show", "-"], in: sandbox)
        #expect(empty.status == 1 && empty.stderr.contains("<stdin>:1:1: error: the file is empty"), "\(empty)")
    }

    @Test func standardInputHasTheSizeLimitOfAFile() async throws {
        let sandbox = try Sandbox()
        let huge = Data(repeating: UInt8(ascii: " "), count: 17 << 20)
        let result = try await PacerProcess.run(["validate", "-"], in: sandbox, stdin: .data(huge), timeout: 30)
        #expect(
            result.status == 1 && result.stderr.contains("<stdin>: error: it is more than the 16 MiB a workout file may have"), "\(result)")
    }

    /// Without a terminal (setsid: no controlling terminal) `run -` has no prompt and runs to its end.
    @Test func runReadsTheWorkoutFromStandardInputAndCommandsFromNowhereWithoutATerminal() async throws {
        let sandbox = try Sandbox()
        let setsid = try #require(Tool.find("setsid"))
        let result = try await PacerProcess.run(
            ["-w", PacerBinary.path, "run", "-", "--speed", "20", "--no-history", "--log", "log.jsonl"],
            in: sandbox, stdin: .text(Self.workout), executable: setsid)
        #expect(result.status == 0, "\(result)")
        #expect(result.summaryLine?.hasPrefix("Workout complete.") == true, "\(result)")
        let log = try String(contentsOfFile: sandbox.path("log.jsonl"), encoding: .utf8)
        #expect(log.contains(#""file":"<stdin>""#) && log.contains(#""outcome":"completed""#), "\(log)")
    }

    @Test func aNamedFIFOIsReadOnceItsWriterHasWritten() async throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.path("workout.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Task.detached {
            try await Task.sleep(for: .milliseconds(300))
            let handle = try #require(FileHandle(forWritingAtPath: fifo))
            handle.write(Data(Self.workout.utf8))
            try handle.close()
        }
        let result = try await PacerProcess.run(["show", fifo], in: sandbox)
        try await writer.value
        #expect(result.status == 0 && result.stdoutLines.first == "Piped  (\(fifo))", "\(result)")
    }

    @Test func aFIFONobodyWritesToGivesUpAfterTenSeconds() async throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.path("silent.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = try await PacerProcess.run(["validate", fifo], in: sandbox, timeout: 20)
        #expect(result.status == 1 && result.stderr.contains("\(fifo): error: it did not end within 10 s"), "\(result)")
        #expect(result.seconds >= 9.5 && result.secondsUnstalled < 15, "\(result)")
    }

    // Issue 33, item 6: a signal while `run -` waited on a stalled pipe was held until the pipe
    // closed, and the session then started and was recorded as a 0 s "aborted" one.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalEndsTheWaitForAStalledPipeAndRecordsNothing(signal: Int32) async throws {
        let sandbox = try Sandbox()
        // The pipe stays open and empty: nothing ever ends the read but the signal.
        let process = try await PacerProcess(
            ["run", "-", "--speed", "20"], environment: sandbox.environment(),
            directory: sandbox.directory, stdin: .open)
        try await Task.sleep(for: .milliseconds(300))
        process.send(signal)
        let signalled = Date()
        let result = await process.finish(timeout: 5)
        #expect(!result.timedOut && result.status == 128 + signal, "\(result)")
        #expect((process.secondsToExit(after: signalled) ?? .infinity) < 2, "\(result)")
        #expect(
            result.stderr.contains("<stdin>: error: SIG") && result.stderr.contains("came before it ended, so it was not read"), "\(result)"
        )
        #expect(result.stderr.contains("no session was started, and nothing was recorded"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let history = try await PacerProcess.run(["history", "--json"], in: sandbox)
        #expect(history.status == 0 && history.stdout == "[]\n", "\(history)")
    }

    // Issue 33, item 6: Ctrl-C was ignored for up to 10 s while pacer waited for a FIFO's writer.
    @Test func ctrlCEndsTheWaitForAFIFOAtOnce() async throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.path("silent.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let process = try await PacerProcess(
            ["run", fifo, "--speed", "20"], environment: sandbox.environment(),
            directory: sandbox.directory, stdin: .open)
        try await Task.sleep(for: .milliseconds(300))
        process.send(SIGINT)
        let signalled = Date()
        let result = await process.finish(timeout: 5)
        #expect(!result.timedOut && result.status == 130, "\(result)")
        #expect((process.secondsToExit(after: signalled) ?? .infinity) < 2, "\(result)")
        #expect(result.stderr.contains("\(fifo): error: SIGINT came before it ended, so it was not read"), "\(result)")
        let history = try await PacerProcess.run(["history", "--json"], in: sandbox)
        #expect(history.stdout == "[]\n", "\(history)")
    }

    @Test func processSubstitutionIsReadLikeStandardInput() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write("piped.json", Self.workout)
        let bash = try #require(Tool.find("bash"))
        let result = try await Tool.run(bash, ["-c", "\"$0\" show <(cat \"$1\")", PacerBinary.path, file], in: sandbox)
        #expect(result.status == 0 && result.stdoutLines.first?.hasPrefix("Piped  (/dev/fd/") == true, "\(result)")
    }

    @Test func aFIFOOnTheSearchPathIsStillRefused() async throws {
        let sandbox = try Sandbox()
        try #require(mkfifo(sandbox.pacerPath.appendingPathComponent("trap.json").path, 0o600) == 0)
        let result = try await PacerProcess.run(["show", "trap"], in: sandbox)
        #expect(result.status == 1 && result.stderr.contains("it is a FIFO, not a regular file"), "\(result)")
        #expect(result.secondsUnstalled < 5, "\(result)")
    }
}
