import Foundation
import Glibc
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
        #expect(result.secondsUnstalled < 4, "the session must stop at once, not run its minute: \(result)")

        let log = try RunTests.checkLog(path, outcome: "aborted")
        #expect(log.events.map(\.type) == ["session.start", "phase.start", "phase.end", "session.end"], "\(log)")
        let end = try #require(log.of("phase.end").first)
        #expect(end.int("index") == 1 && end.string("outcome") == "skipped", "\(end)")
        let active = end.number("active") ?? 0
        #expect(active >= 0.25 && active < 3 + result.stalled, "\(end), with the machine stalled up to \(result.stalled) s")
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
        let process = try await PacerProcess(
            ["run", "reps.json", "--log", path],
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
        let process = try await PacerProcess(
            ["-c", script], environment: sandbox.environment(), directory: sandbox.directory,
            executable: URL(fileURLWithPath: "/bin/bash"))
        let result = await process.finish(timeout: 10)
        #expect(!result.timedOut, "\(result)")
        #expect(result.status == 128 + SIGPIPE, "ends as SIGPIPE would: \(result)")
        #expect(result.secondsUnstalled < 5, "the session must stop, not run its minute: \(result)")
        try RunTests.checkLog(path, outcome: "aborted")
    }

    // Issue 7, item 7: a signal 4 ms after launch was sometimes ignored, and the session ran to its end.
    @Test func aSignalMomentsAfterLaunchIsNeverLost() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("minute.json", #"{"name": "Minute", "steps": [{"work": 60}]}"#)
        for attempt in 0..<20 {
            let number = attempt.isMultiple(of: 2) ? SIGINT : SIGTERM
            let path = sandbox.path("early-\(attempt).log")
            let process = try await PacerProcess(
                ["run", "minute.json", "--log", path], environment: sandbox.environment(),
                directory: sandbox.directory, stdin: .open)
            // 1 to 8 ms after launch: before, during and after pacer sets up its signal handling.
            usleep(UInt32(1_000 * (1 + attempt % 8)))
            process.send(number)
            let signalled = Date()
            let result = await process.finish(timeout: 5)
            #expect(!result.timedOut && result.status == 128 + number, "attempt \(attempt): \(result)")
            let took = process.secondsToExit(after: signalled) ?? .infinity
            // Less the longest stretch the machine stalled the tests too: CI runs them on two busy cores.
            #expect(took - result.stalled < 2, "attempt \(attempt): the signal took \(took) s to end pacer (stalled \(result.stalled) s)")
            // However early the signal, a log that was begun is a whole session.
            if let log = EventLog.ifPresent(path), !log.text.isEmpty {
                try RunTests.checkLog(path, outcome: "aborted")
            }
        }
    }

    // Issue 7, item 16: a second Ctrl-C did not exit at once while a sink was stuck.
    @Test func aSecondInterruptExitsAtOnceWhileTheLogIsStuck() async throws {
        let sandbox = try Sandbox()
        let name = String(repeating: "x", count: 500)
        try sandbox.write(
            "many.json", #"{"name": "Many", "countdown": 0, "steps": [{"repeat": 10000, "steps": [{"work": 0.01, "name": "\#(name)"}]}]}"#)
        let fifo = sandbox.path("log.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader that never reads: once the pipe is full, every write of the log waits.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let process = try await PacerProcess(
            ["run", "many.json", "--speed", "10", "--log", fifo],
            environment: sandbox.environment(), directory: sandbox.directory, stdin: .open, load: .heavy)
        // The session writes about a megabyte of log a second: once what waits in the pipe stops
        // growing, the log's writes are stuck, with far more behind them than the pipe can take.
        // On a loaded machine that can take far longer than on a quiet one: wait for the state for
        // 30 s of a running machine, the time it stalled not counted.
        var waiting: [Int32] = []
        var full = false
        let start = Date()
        while !full, !StallProbe.shared.outlasted(30, since: start) {
            var count: Int32 = 0
            if ioctl(reader, UInt(FIONREAD), &count) == 0 { waiting.append(count) }
            full = waiting.count >= 3 && waiting.suffix(3).allSatisfy { $0 == waiting.last && $0 >= 32_768 }
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(full, "the log never filled its pipe")
        process.send(SIGINT)
        try await Task.sleep(for: .milliseconds(300))
        let waitingForTheLog = process.isRunning
        process.send(SIGINT)
        let signalled = Date()
        let result = await process.finish(timeout: 5)
        #expect(waitingForTheLog, "the first Ctrl-C waits for the log, which cannot finish: \(result)")
        #expect(result.status == 130, "\(result)")
        let took = process.secondsToExit(after: signalled) ?? .infinity
        #expect(took < 1, "the second Ctrl-C took \(took) s")
    }
    // Issue 15, item 4: after `kill -STOP` and `kill -CONT`, the phases that fell inside the stop
    // all started at the same instant and were recorded as completed at full length.
    @Test func aStopFromOutsideIsAPauseNotABurst() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("four.json", #"{"name": "Four", "countdown": 0, "steps": [{"repeat": 4, "steps": [{"work": 1}]}]}"#)
        let path = sandbox.path("four.log")
        let process = try await PacerProcess.startSession(["run", "four.json", "--log", path], in: sandbox, log: path)
        // A stop that falls while the clock hands out the start's events is not seen (time spent
        // there counts as work, SessionDriver.deliver): stop pacer once it waits for its first wake-up.
        try await Task.sleep(for: .milliseconds(300))
        process.send(SIGSTOP)
        // Stopped at most a second before a wake-up, the clock misses it by 3 s or more: well past
        // the 2 s a busy machine may make it late.
        try await Task.sleep(for: .seconds(4))
        process.send(SIGCONT)
        let result = await process.finish(timeout: 10)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let pause = try #require(log.of("pause").first, "\(log)")
        let resume = try #require(log.of("resume").first, "\(log)")
        // The pause begins where the clock's next wake-up was due, at most a second into the stop.
        #expect(resume.t - pause.t >= 1.9, "the stop is the pause: \(log)")
        // No burst: the phases still start a second apart, each after the one before had its second.
        let starts = log.of("phase.start").map(\.t)
        #expect(starts.count == 4, "\(log)")
        for (earlier, later) in zip(starts, starts.dropFirst()) {
            #expect(later - earlier >= 0.9, "phases started in a burst: \(starts)")
        }
        let end = try #require(log.of("session.end").first)
        #expect((end.number("paused") ?? 0) >= 1.9 && (end.number("active") ?? 0) < 5.1 + result.stalled, "\(end)")
        #expect(result.stderr.contains("the clock did not run for"), "\(result)")
    }
    // Issue 33, item 24: a stop from outside when input had ended paused the session, which then
    // ended at once (nothing could resume it), and "paused and stopped" and "paused; type resume"
    // came after its summary.
    @Test func aStopFromOutsideAfterInputEndedSaysNothingAfterTheSummary() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 3, "name": "A"}, {"rest": 2}]}"#)
        let process = try await PacerProcess(
            ["run", "short.json", "--speed", "2", "--no-history", "--sink", "terminal"],
            environment: sandbox.environment(), directory: sandbox.directory, stdin: .null)
        #expect(await eventually { process.outputSoFar.contains("WORK") }, "the session did not start")
        process.send(SIGTSTP)
        let stopped = await eventually { isStopped(process) }
        process.send(SIGCONT)
        let result = await process.finish(timeout: 10)
        #expect(stopped && result.status == 0, "\(result)")
        #expect(result.stdoutLines.last?.hasPrefix("Session ended early.") == true, "the summary comes last: \(result)")
        for message in ["paused and stopped", "type resume"] {
            #expect(!result.stdout.contains(message) && !result.stderr.contains(message), "\(result)")
        }
    }

    // Issue 15, item 21: Ctrl-Z after the session had ended still printed "paused and stopped".
    @Test func ctrlZAfterTheEndPausesNothingAndSaysNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "countdown": 0, "steps": [{"work": 1}]}"#)
        // A plugin that never reads and ignores the end of its input and SIGTERM: pacer waits for it
        // at the end, a few seconds, time for the Ctrl-Z to land on a busy machine.
        let plugin = try sandbox.write("pacer-sink-slow", "#!/bin/sh\ntrap '' TERM\nexec sleep 30\n")
        try #require(chmod(plugin, 0o755) == 0)
        let process = try await PacerProcess(
            ["run", "short.json", "--speed", "10", "--no-history", "--sink", "terminal", "--sink", "exec:\(plugin)"],
            environment: sandbox.environment(), directory: sandbox.directory, stdin: .null)
        #expect(await eventually { process.outputSoFar.contains("Workout complete.") }, "the session did not end")
        process.send(SIGTSTP)
        // It stops as any program would; `fg` (SIGCONT) lets it finish.
        let stopped = await eventually { isStopped(process) }
        process.send(SIGCONT)
        let result = await process.finish(timeout: 10)
        #expect(stopped && result.status == 0, "\(result)")
        #expect(!result.stdout.contains("paused and stopped") && !result.stderr.contains("paused and stopped"), "\(result)")
    }

    /// Whether the kernel shows `process` stopped (state T in /proc/PID/stat).
    private func isStopped(_ process: PacerProcess) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(process.pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "T"
    }
}
