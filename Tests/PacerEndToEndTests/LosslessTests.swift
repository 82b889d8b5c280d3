import Foundation
import Glibc
import Testing

/// Issue 7: a command a user sent is never lost, an event the log was promised is never lost.
@Suite("nothing lost")
struct LosslessTests {
    /// One long phase: whatever ends it early is a command.
    static let hold = #"{"name": "Hold", "steps": [{"work": 60, "name": "Hold"}]}"#

    // MARK: - Commands

    // Issue 7, item 1: 585 of 600 lines answered, and no quit, when the pipe was closed before pacer read it.
    @Test func everyLineOfAPipeClosedBeforePacerReadsItIsCarriedOut() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("hold.json", Self.hold)
        let path = sandbox.path("hold.log")
        let input = String(repeating: "status\n", count: 600) + "quit\n"
        let result = try await PacerProcess.run(
            ["run", "hold.json", "--speed", "1", "--log", path], in: sandbox,
            stdin: .closedPipe(Data(input.utf8)), timeout: 20)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.filter { $0.hasPrefix("Hold (work, phase 1/1), ") }.count == 600, "\(result.stdoutLines.count) lines")
        let log = try RunTests.checkLog(path, outcome: "quit")
        #expect((log.events.last?.t ?? 60) < 10, "quit ended it, not the end of the minute: \(log)")
    }

    // Issue 7, item 1: a single 5,000-byte line swallowed the quit after it.
    @Test func aLineLongerThanTheLimitIsCutAndTheNextLineStillArrives() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("hold.json", Self.hold)
        let path = sandbox.path("hold.log")
        let input = String(repeating: "x", count: 5_000) + "\nquit\n"
        let result = try await PacerProcess.run(
            ["run", "hold.json", "--speed", "1", "--log", path], in: sandbox,
            stdin: .closedPipe(Data(input.utf8)), timeout: 20)
        #expect(result.status == 0, "\(result)")
        // One hint for the long line, not one more for the rest of it.
        #expect(result.stdoutLines.filter { $0.contains("unknown command \"xxx") }.count == 1, "\(result)")
        try RunTests.checkLog(path, outcome: "quit")
    }

    // Issue 7, item 18: an "unknown command" reply jumped ahead of the output of the commands before it.
    @Test func repliesToPipedLinesKeepTheirOrder() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("hold.json", Self.hold)
        let path = sandbox.path("hold.log")
        let input = (0..<100).map { "status\nbogus\($0)\n" }.joined() + "quit\n"
        let result = try await PacerProcess.run(["run", "hold.json", "--speed", "1", "--log", path], in: sandbox, stdin: .text(input))
        #expect(result.status == 0, "\(result)")
        let replies = result.stdoutLines.compactMap { line -> String? in
            if line.hasPrefix("Hold (work, phase 1/1), ") { return "status" }
            return line.firstMatch(of: /unknown command "(bogus\d+)"/).map { String($0.1) }
        }
        #expect(replies == (0..<100).flatMap { ["status", "bogus\($0)"] }, "\(replies.prefix(10))…")
        try RunTests.checkLog(path, outcome: "quit")
    }

    // Issue 7, item 4: `yes status | pacer run tabata` grew from 35 to 271 MB in 8 s, and SIGTERM took 4 s.
    @Test func aCommandFloodKeepsMemoryBoundedAndSIGTERMStillEndsItAtOnce() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("hold.json", Self.hold)
        let path = sandbox.path("hold.log")
        let process = try await PacerProcess.startSession(
            ["run", "hold.json", "--speed", "1", "--log", path], in: sandbox, log: path, load: .heavy)
        let flood = process.flood(with: "status\n")
        try await Task.sleep(for: .milliseconds(400))
        let before = try #require(process.residentKilobytes)
        let writtenBefore = flood.bytesWritten
        try await Task.sleep(for: .seconds(1.5))
        // The flood is being taken (so the bound is not an idle process's), and the pipe pushes back.
        // A piece is 4 KiB, some 600 commands each answered in turn: on 2 busy cores that can take
        // longer than the 1.5 s, so pacer gets up to 5 s more to take the next one.
        #expect(await eventually { flood.bytesWritten > writtenBefore }, "pacer stopped reading its input")
        let after = try #require(process.residentKilobytes)
        let written = flood.bytesWritten - writtenBefore
        #expect(process.outputSoFar.count > 10_000, "status replies are being written")
        #expect(after - before < 12_000, "resident memory grew from \(before) to \(after) KiB while \(written) bytes of commands came in")

        process.send(SIGTERM)
        let signalled = Date()
        #expect(await eventually { !process.isRunning }, "SIGTERM did not end the session")
        #expect(await eventually { flood.isStopped }, "the flood's writer did not notice pacer leaving")
        let result = await process.finish(timeout: 5)
        #expect(result.status == 128 + SIGTERM, "\(result.status)")
        let took = process.secondsToExit(after: signalled) ?? .infinity
        #expect(took < 1, "SIGTERM took \(took) s to end the session")
        try RunTests.checkLog(path, outcome: "aborted")
    }

    // Issue 7, item 8: a rep step without a cap waited forever once piped input had ended.
    @Test func whenInputEndsAnUncappedRepStepEndsTheSessionWithAMessage() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("reps.json", #"{"name": "Reps", "steps": [{"work": 2}, {"reps": 10, "name": "Push-ups"}, {"rest": 5}]}"#)
        let path = sandbox.path("reps.log")
        let result = try await PacerProcess.run(["run", "reps.json", "--speed", "100", "--log", path], in: sandbox, stdin: .null)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("no more commands can arrive (input ended)") && result.stderr.contains("waiting for 'done'"), "\(result)"
        )
        #expect(result.summaryLine?.hasPrefix("Session ended early.") == true, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "quit")
        #expect(
            log.of("phase.end").compactMap { $0.string("outcome") } == ["completed", "skipped"], "the timed phase ran out first: \(log)")
    }

    // Issue 7, item 8: the same for a session paused when its input ends.
    @Test func whenInputEndsAPausedSessionEndsWithAMessage() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("hold.json", Self.hold)
        let path = sandbox.path("hold.log")
        let result = try await PacerProcess.run(["run", "hold.json", "--speed", "1", "--log", path], in: sandbox, stdin: .text("pause\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no more commands can arrive") && result.stderr.contains("to be resumed"), "\(result)")
        let log = try RunTests.checkLog(path, outcome: "quit")
        #expect(log.of("pause").count == 1, "\(log)")
    }

    // MARK: - The log

    // Issue 7, item 3: 12,000 rep steps finished by `done` from a file logged 16,000 of 24,002 lines.
    @Test func twelveThousandRepStepsFinishedFromAFileAreAllLogged() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("reps.json", #"{"name": "Reps", "steps": [{"repeat": 12000, "steps": [{"reps": 1, "name": "One"}]}]}"#)
        let commands = try sandbox.write("done.txt", String(repeating: "done\n", count: 12_000))
        let path = sandbox.path("reps.log")
        let result = try await PacerProcess.run(
            ["run", "reps.json", "--log", path], in: sandbox, stdin: .file(commands), load: .heavy, timeout: 60)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(result.summaryLine?.hasPrefix("Workout complete.") == true, "\(result.stdoutLines.suffix(3))")
        let log = try await RunTests.checkLongLog(path, outcome: "completed")
        #expect(log.events.count == 24_002)
        #expect(log.of("phase.end").allSatisfy { $0.string("outcome") == "completed" && $0.int("reps") == 1 })
    }

    // Issue 7, item 3: 100,000 phases of 1 ms at --speed 1000 logged 22,576 of 200,002 lines.
    @Test func aHundredThousandMillisecondPhasesAreAllLogged() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("many.json", #"{"name": "Many", "countdown": 0, "steps": [{"repeat": 100000, "steps": [{"work": 0.001}]}]}"#)
        let path = sandbox.path("many.log")
        let result = try await PacerProcess.run(
            ["run", "many.json", "--speed", "1000", "--log", path], in: sandbox, load: .heavy, timeout: 60)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(
            result.summaryLine == "Workout complete. worked 1m 40s, rested 0s, paused 0s, nothing skipped.",
            "\(result.stdoutLines.suffix(3))")
        // A phase every microsecond is more than any machine keeps up with: lateness is not the point here.
        let log = try await RunTests.checkLongLog(path, outcome: "completed", lateness: nil)
        #expect(log.events.count == 200_002)
    }

    // Issue 7, item 3: a SIGSTOP/SIGCONT gap dropped 1,052 phases and made the summary wrong.
    @Test func aStopFromOutsideLosesNoPhaseAndTheSummaryStaysRight() async throws {
        let sandbox = try Sandbox()
        // 20,000 phases of a tenth of a workout second each: 2 real seconds at --speed 1000.
        try sandbox.write("steady.json", #"{"name": "Steady", "countdown": 0, "steps": [{"repeat": 20000, "steps": [{"work": 0.1}]}]}"#)
        let path = sandbox.path("steady.log")
        let process = try await PacerProcess(
            ["run", "steady.json", "--speed", "1000", "--log", path],
            environment: sandbox.environment(), directory: sandbox.directory, load: .heavy)
        // The log's first lines are written as the session starts.
        #expect(
            await eventually { ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0 },
            "the session did not start")
        process.send(SIGSTOP)
        try await Task.sleep(for: .milliseconds(50))
        try #require(EventLog.ifPresent(path)?.of("session.end").isEmpty == true, "the stop must come mid-session")
        // About 10,000 phases fall due while it is stopped: far more events at once than a display
        // keeps, and more than the log was once allowed to have waiting.
        try await Task.sleep(for: .seconds(1))
        process.send(SIGCONT)
        let result = await process.finish(timeout: 30)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(
            result.summaryLine == "Workout complete. worked 33m 20s, rested 0s, paused 0s, nothing skipped.",
            "\(result.stdoutLines.suffix(3))")
        // Everything that fell due during the stop is late by the stop, as it should be.
        let log = try await RunTests.checkLongLog(path, outcome: "completed", lateness: nil)
        #expect(log.events.count == 40_002)
        #expect(log.of("phase.end").allSatisfy { $0.string("outcome") == "completed" }, "\(log.events.count) events")
        // A stop shorter than SessionDriver.longestLateness is lateness, not a pause (SignalTests
        // has the longer stop): everything falls due late, and nothing is lost.
        #expect(abs((log.events.last?.number("active") ?? 0) - 2000) < 100, "\(log.events.last!)")
    }

    // Issue 7, item 5: with standard output closed, the log took descriptor 1 and got the display's text.
    @Test(arguments: [">&-", "<&- >&- 2>&-"])
    func withStandardStreamsClosedTheLogGetsOnlyEvents(closing: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 3, "name": "Go"}, {"rest": 2}]}"#)
        let path = sandbox.path("short.log")
        let pacer = try PacerBinary.require().path
        let result = try await PacerProcess.run(
            ["-c", "exec '\(pacer)' run short.json --speed 100 --log '\(path)' \(closing)"], in: sandbox,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(
            log.events.map(\.type).filter { $0 != "countdown" } == [
                "session.start", "phase.start", "phase.end", "phase.start", "phase.end", "session.end",
            ], "\(log)")
    }
}
