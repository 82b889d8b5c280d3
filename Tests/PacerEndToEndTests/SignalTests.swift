#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// A session stopped by a signal ends its log and output properly and exits with 128 + the signal.
@Suite("signals")
struct SignalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let number: Int32
        var status: Int32 { 128 + number }
        var testDescription: String { name }
    }

    @Test(arguments: [Case(name: "SIGINT", number: SIGINT), Case(name: "SIGTERM", number: SIGTERM), Case(name: "SIGHUP", number: SIGHUP)])
    func aSignalAbortsTheSession(signal: Case) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("minute.json", #"{"name": "Minute", "steps": [{"work": 30, "name": "First"}, {"rest": 30}]}"#)
        let path = sandbox.path("minute.log")
        // The signal handlers are in place before the first event is written.
        let process = try await PacerProcess.startSession(["run", "minute.json", "--speed", "1", "--log", path], in: sandbox, log: path)
        try await Task.sleep(for: .milliseconds(300))
        process.send(signal.number)
        let result = await process.finish(timeout: 5)
        #expect(!result.timedOut, "\(result)")
        #expect(result.status == signal.status, "\(result)")
        #expect(result.seconds < 4, "the session must stop at once, not run its minute: \(result)")

        let log = try RunTests.checkLog(path, outcome: "aborted")
        #expect(log.events.map(\.type) == ["session.start", "phase.start", "phase.end", "session.end"], "\(log)")
        let end = try #require(log.of("phase.end").first)
        #expect(end.int("index") == 1 && end.string("outcome") == "skipped", "\(end)")
        let active = end.number("active") ?? 0
        #expect(active >= 0.25 && active < 3, "\(end)")
        #expect(log.events.last?.string("wall")?.isEmpty == false, "\(log)")

        // Not a terminal: plain lines, and the summary comes last.
        #expect(!result.stdout.contains("\u{1B}"), "\(result)")
        #expect(result.stdoutLines.first?.contains("Minute") == true, "\(result)")
        #expect(result.summaryLine?.hasPrefix("Session interrupted.") == true, "\(result)")
        #expect(result.summaryLine?.contains("skipped 1 phase") == true, "\(result)")
    }

    @Test func aSignalStopsASessionWaitingOnARepStep() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("reps.json", #"{"name": "Reps", "steps": [{"reps": 10, "name": "Push-ups"}]}"#)
        let path = sandbox.path("reps.log")
        let process = try PacerProcess(["run", "reps.json", "--log", path],
                                       environment: sandbox.environment(), directory: sandbox.directory, stdin: .open)
        #expect(await eventually { EventLog.ifPresent(path)?.of("phase.start").count == 1 }, "the session did not start")
        process.send(SIGINT)
        let result = await process.finish(timeout: 5)
        #expect(result.status == 130, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "aborted")
        #expect(log.of("phase.end").first?.string("outcome") == "skipped", "\(log)")
        #expect(result.stdoutLines.first?.hasSuffix("Reps: 1 phase, 0s planned") == true, "\(result)")
        #expect(result.summaryLine?.hasPrefix("Session interrupted.") == true, "\(result)")
    }

    @Test func aDisplayWhoseReaderGoesAwayEndsTheSessionCleanly() async throws {
        let sandbox = try Sandbox()
        // A line a second, so pacer writes again soon after its reader has gone.
        try sandbox.write("minute.json", #"{"name": "Minute", "countdown": 0, "steps": [{"repeat": 60, "steps": [{"work": 1}]}]}"#)
        let path = sandbox.path("minute.log")
        let pacer = try PacerBinary.require().path
        // Like `pacer run … | head -1`: the reader of the display leaves after the first line.
        let script = "'\(pacer)' run minute.json --speed 1 --log '\(path)' < /dev/null | head -1; exit ${PIPESTATUS[0]}"
        let process = try PacerProcess(["-c", script], environment: sandbox.environment(), directory: sandbox.directory,
                                       executable: URL(fileURLWithPath: "/bin/bash"))
        let result = await process.finish(timeout: 10)
        #expect(!result.timedOut, "\(result)")
        #expect(result.status == 128 + SIGPIPE, "ends as SIGPIPE would: \(result)")
        #expect(result.seconds < 5, "the session must stop, not run its minute: \(result)")
        let log = try EventLog(path: path)
        #expect(log.problems.isEmpty, "\(log.problems)")
        #expect(log.events.last?.type == "session.end", "\(log)")
        #expect(log.events.last?.string("outcome") == "aborted", "\(log)")
    }
}
