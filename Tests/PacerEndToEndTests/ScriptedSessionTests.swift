import Foundation
import Testing

/// Prompt commands read as plain lines from a pipe, as when a session is scripted.
@Suite("scripted sessions")
struct ScriptedSessionTests {
    /// 30 + 5 + 1 + 3 = 39 workout seconds: 0.78 s at --speed 50, the first phase long enough
    /// (0.6 s) for piped commands to reach it on a busy machine.
    static let workout = """
        {"name": "Small", "steps": [{"prepare": 30}, {"work": 5, "name": "Go"}, {"rest": 1}, {"work": 3, "name": "Last"}]}
        """
    static let speed = 50.0

    static func run(_ input: StandardInput, in sandbox: Sandbox) async throws -> (PacerResult, String) {
        try sandbox.write("small.json", workout)
        let path = sandbox.path("session.log")
        let result = try await PacerProcess.run(["run", "small.json", "--speed", "50", "--log", path], in: sandbox, stdin: input)
        return (result, path)
    }

    @Test func skipEndsPhasesEarly() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text("skip\nnext\n"), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let skipped = log.of("phase.end").filter { $0.string("outcome") == "skipped" }
        #expect(skipped.compactMap { $0.int("index") } == [1, 2], "\(log)")
        #expect(skipped.allSatisfy { ($0.number("active") ?? 99) < 5 }, "\(log)")
        // Each skip starts the next phase at once; the rest run as planned.
        #expect(log.of("phase.start").compactMap { $0.int("index") } == [1, 2, 3, 4], "\(log)")
        #expect(log.of("phase.end").filter { $0.string("outcome") == "completed" }.compactMap { $0.int("index") } == [3, 4], "\(log)")
        #expect(result.stdout.contains("skipped phase 1"), "\(result)")
        #expect(result.summaryLine?.contains("skipped 2 phases") == true, "\(result)")
    }

    // Issue 16, item 4: input that has ended does not end an EMOM waiting for done: its window does.
    @Test func anEMOMKeepsItsBeatWhateverThePipeSays() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "emom.json", #"{"name": "E", "countdown": 0, "steps": [{"every": 10, "rounds": 2, "steps": [{"reps": 5, "name": "Swings"}]}]}"#)
        let path = sandbox.path("emom.log")
        let result = try await PacerProcess.run(
            ["run", "emom.json", "--speed", "50", "--log", path], in: sandbox, stdin: .text("done 4\n"))
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(log.of("phase.end").compactMap { $0.string("outcome") } == ["completed", "completed", "timeout"], "\(log)")
        #expect(log.of("phase.end").first?.int("reps") == 4, "\(log)")
        let starts = log.of("phase.start").filter { $0.string("name") == "Swings" }
        #expect(starts.compactMap(\.due) == [0, 0.2], "round 2 starts 10 workout seconds after round 1: \(log)")
        #expect(abs((log.events.last?.number("active") ?? 0) - 20) < 0.01, "\(log)")
    }

    // Issue 16, item 5: an AMRAP ends when its time is up, and says how far it got.
    @Test func anAMRAPSaysHowFarItGot() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "amrap.json",
            #"{"name": "A", "countdown": 0, "steps": [{"amrap": 10, "steps": [{"reps": 5, "name": "Pull-ups"}, {"reps": 10, "name": "Squats"}]}]}"#
        )
        let path = sandbox.path("amrap.log")
        let result = try await PacerProcess.run(
            ["run", "amrap.json", "--speed", "50", "--log", path], in: sandbox, stdin: .text("done\ndone\ndone\n"))
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let block = try #require(log.of("block.end").first, "\(log)")
        #expect(
            block.string("kind") == "amrap" && block.int("rounds") == 1 && block.int("steps") == 1 && block.number("length") == 10,
            "\(block)")
        #expect(log.of("phase.start").compactMap { $0.int("round") } == [1, 1, 2, 2], "\(log)")
        #expect(log.of("phase.end").last?.string("outcome") == "timeout", "\(log)")
        #expect(result.summaryLine?.hasPrefix("Workout complete. AMRAP 0:10: 1 round + 1.") == true, "\(result)")
    }

    // Issue 41: an open repeat goes round until done, sent while one of its timed steps runs, ends
    // it; the session then goes on to the step after it. Done is sent once the second round has
    // started, so whatever round a stalled machine has reached by then, the log says the same.
    @Test func doneEndsAnOpenRepeatOnATimedStep() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "open.json",
            #"{"name": "O", "countdown": 0, "steps": [{"repeat": "open", "steps": [{"work": 20, "name": "Hard"}, {"rest": 10}]}, {"cooldown": 2, "name": "Spin"}]}"#
        )
        let path = sandbox.path("open.log")
        let process = try await PacerProcess.startSession(["run", "open.json", "--speed", "20", "--log", path], in: sandbox, log: path)
        let secondRound = await eventually(timeout: 30) {
            EventLog.ifPresent(path)?.of("phase.start").contains { $0.int("round") == 2 } == true
        }
        #expect(secondRound, "the open repeat went round again by itself")
        #expect(process.write("done\n"), "pacer stopped reading its input")
        #expect(await eventually(timeout: 30) { EventLog.ifPresent(path)?.of("block.end").isEmpty == false }, "done ended no block")
        try process.closeInput()
        let result = await process.finish(timeout: 30)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let types = log.events.map(\.type)
        let blockEnd = try #require(types.firstIndex(of: "block.end"))
        let block = log.events[blockEnd]
        let lastRound = try #require(log.events[..<blockEnd].last { $0.type == "phase.start" }?.int("round"))
        #expect(lastRound >= 2, "\(log)")
        #expect(block.string("kind") == "open" && block.int("rounds") == lastRound - 1, "\(block)")
        #expect(log.events[blockEnd - 1].type == "phase.end" && log.events[blockEnd - 1].string("outcome") == "completed", "\(log)")
        #expect(log.events[blockEnd + 1].type == "phase.start" && log.events[blockEnd + 1].string("name") == "Spin", "\(log)")
        #expect(log.of("phase.start").filter { $0.string("name") == "Spin" }.count == 1)
        #expect(result.summaryLine?.hasPrefix("Workout complete. Open repeat ended after \(lastRound - 1) round") == true, "\(result)")
    }

    // Issue 33, item 7: "+30" in an EMOM was answered "+30s" while the round kept its beat: the
    // reply and the log say what is done (a step lengthened only to its window's end, the rest not at all).
    @Test func lengtheningInAnEMOMSaysWhatTheWindowAllows() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "emom.json",
            #"{"name": "E", "countdown": 0, "steps": [{"every": 30, "rounds": 2, "steps": [{"reps": 5, "name": "Swings"}, {"work": 5, "name": "Hold"}]}]}"#
        )
        let path = sandbox.path("emom.log")
        let result = try await PacerProcess.run(
            ["run", "emom.json", "--speed", "50", "--log", path], in: sandbox, stdin: .text("done\n+30\nskip\n+30\n"))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines.contains { $0.hasPrefix("lengthened by ") && $0.hasSuffix(", not 30s: the round's window ends then") },
            "\(result)")
        #expect(
            result.stdoutLines.contains {
                $0.contains("this rest lasts until the next round starts on its beat: pause to rest longer, or skip to start the round now")
            }, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let extend = try #require(log.of("extend").first, "\(log)")
        let holdStart = try #require(log.of("phase.start").first { $0.string("name") == "Hold" }?.due, "\(log)")
        #expect(
            log.of("extend").count == 1 && abs(5 + (extend.number("by") ?? 0) - (30 - holdStart * 50)) < 0.05,
            "the Hold now ends with the window: \(log)")
        #expect(
            log.of("phase.start").filter { $0.string("name") == "Swings" }.compactMap(\.due) == [0, 0.6], "round 2 on its beat: \(log)")
    }

    @Test func quitEndsTheSessionWithStatusZero() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text("quit\n"), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "quit")
        #expect(log.events.map(\.type) == ["session.start", "phase.start", "phase.end", "session.end"], "\(log)")
        #expect(log.of("phase.end").first?.string("outcome") == "skipped", "\(log)")
        #expect(log.events.last?.string("wall")?.isEmpty == false, "\(log)")
        #expect(result.summaryLine?.hasPrefix("Session ended early.") == true, "\(result)")
    }

    @Test func extendLengthensTheCurrentPhase() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text("+10\n"), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let extend = try #require(log.of("extend").first, "\(log)")
        #expect(extend.int("index") == 1 && extend.number("by") == 10, "\(extend)")
        let firstEnd = try #require(log.of("phase.end").first)
        #expect(firstEnd.string("outcome") == "completed" && firstEnd.number("active") == 40, "30 s + 10 s: \(firstEnd)")
        let second = try #require(log.of("phase.start").dropFirst().first)
        #expect(abs((second.due ?? 0) - 40 / Self.speed) < 0.002, "phase 2 is due after 40 workout seconds: \(second)")
        #expect(result.stdout.contains("+10s"), "\(result)")
    }

    @Test func shorteningStopsAtTheTimeAlreadySpent() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text("-5\n-1m\n"), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let extends = log.of("extend")
        #expect(extends.count == 2, "\(log)")
        #expect(extends.first?.number("by") == -5, "\(log)")
        let shortened = extends.last?.number("by") ?? 0
        #expect(shortened < 0 && shortened > -25, "at most what is left: \(log)")
        let firstEnd = try #require(log.of("phase.end").first)
        #expect(firstEnd.string("outcome") == "completed", "\(log)")
        #expect(abs((firstEnd.number("active") ?? 0) - (30 - 5 + shortened)) < 0.01, "it ended at the time already spent: \(log)")
        #expect(log.of("phase.start").compactMap { $0.int("index") } == [1, 2, 3, 4], "the session goes on: \(log)")
    }

    @Test func unknownInputGetsAHintAndTheSessionGoesOn() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text("frobnicate\nskpi\n"), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let hints = result.stdoutLines.filter { $0.contains("frobnicate") }
        #expect(hints.count == 1 && hints.first?.contains("unknown command") == true, "\(result)")
        #expect(result.stdoutLines.contains { $0.contains("\"skpi\"") && $0.contains("did you mean \"skip\"") }, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(log.of("phase.end").allSatisfy { $0.string("outcome") == "completed" }, "nothing was skipped: \(log)")
        #expect(log.of("phase.start").count == 4)
    }

    @Test func endOfInputDoesNotEndTheSession() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text(""), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(log.of("phase.end").count == 4 && log.of("phase.end").allSatisfy { $0.string("outcome") == "completed" }, "\(log)")
        #expect((log.events.last?.t ?? 0) >= 39 / Self.speed - 0.001, "the whole plan ran: \(log)")
        #expect(result.summaryLine?.hasPrefix("Workout complete.") == true, "\(result)")
    }

    @Test func backAndRestartRunPhasesAgain() async throws {
        let sandbox = try Sandbox()
        let (result, path) = try await Self.run(.text("skip\nback\nrestart\n"), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(log.of("back").compactMap { $0.int("index") } == [1], "\(log)")
        #expect(log.of("restart").compactMap { $0.int("index") } == [1], "\(log)")
        #expect(log.of("phase.start").compactMap { $0.int("index") } == [1, 2, 1, 1, 2, 3, 4], "\(log)")
        #expect(
            log.of("phase.end").compactMap { $0.string("outcome") } == [
                "skipped", "skipped", "skipped", "completed", "completed", "completed", "completed",
            ], "\(log)")
        #expect(result.stdout.contains("back to phase 1") && result.stdout.contains("restarting phase 1"), "\(result)")
    }

    @Test func aPauseMovesWhatIsDue() async throws {
        let sandbox = try Sandbox()
        // 1.4 s before the first countdown, for the pause to come first on a busy machine.
        try sandbox.write("ten.json", #"{"name": "Ten", "steps": [{"work": 10}]}"#)
        let path = sandbox.path("ten.log")
        let speed = 5.0
        let process = try await PacerProcess(
            ["run", "ten.json", "--speed", "5", "--log", path],
            environment: sandbox.environment(), directory: sandbox.directory, stdin: .open)
        #expect(process.write("pause\n"), "pacer stopped reading its input")
        #expect(await eventually { EventLog.ifPresent(path)?.of("pause").count == 1 }, "no pause event")
        try await Task.sleep(for: .milliseconds(300))
        #expect(process.write("resume\n"), "pacer stopped reading its input")
        try process.closeInput()
        let result = await process.finish(timeout: 5)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(
            log.events.map(\.type) == [
                "session.start", "phase.start", "pause", "resume", "countdown", "countdown", "countdown", "phase.end", "session.end",
            ], "\(log)")
        let pause = try #require(log.of("pause").first)
        let resume = try #require(log.of("resume").first)
        let pausedReal = resume.t - pause.t
        #expect(pausedReal >= 0.29, "\(log)")
        let phaseDue = log.of("phase.start").first?.due ?? .nan
        for countdown in log.of("countdown") {
            let remaining = Double(countdown.int("remaining") ?? 0)
            let expected = phaseDue + (10 - remaining) / speed + pausedReal
            #expect(abs((countdown.due ?? 0) - expected) < 0.003, "\(countdown) should be due at \(expected) after the pause")
        }
        #expect(log.of("phase.end").first?.number("active") == 10, "pauses do not count as active time: \(log)")
        let end = try #require(log.events.last)
        #expect(abs((end.number("paused") ?? 0) - pausedReal * speed) < 0.05, "\(end)")
        #expect(abs((end.number("active") ?? 0) - 10) < 0.5, "\(end)")
        #expect(result.stdout.contains("paused") && result.stdout.contains("resumed"), "\(result)")
    }

    @Test func commandsArriveWhileTheSessionRuns() async throws {
        let sandbox = try Sandbox()
        // A long phase, so the test decides when it ends.
        try sandbox.write("hold.json", #"{"name": "Hold", "steps": [{"work": 600, "name": "Hold"}, {"rest": 1}]}"#)
        let path = sandbox.path("hold.log")
        let process = try await PacerProcess.startSession(["run", "hold.json", "--speed", "10", "--log", path], in: sandbox, log: path)
        #expect(process.write("pause\n"), "pacer stopped reading its input")
        #expect(await eventually { EventLog.ifPresent(path)?.of("pause").count == 1 }, "no pause event")
        #expect(process.write("status\n"), "pacer stopped reading its input")
        let status = await eventually {
            process.outputSoFar.split(separator: "\n").contains {
                $0.hasPrefix("Hold (work, phase 1/2)") && $0.contains("left in session") && $0.hasSuffix("PAUSED")
            }
        }
        #expect(status, "no status line: \(process.outputSoFar)")
        #expect(process.write("resume\nskip\n"), "pacer stopped reading its input")
        let result = await process.finish(timeout: 5)
        #expect(result.status == 0, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        #expect(
            log.events.map(\.type) == [
                "session.start", "phase.start", "pause", "resume", "phase.end", "phase.start", "phase.end", "session.end",
            ], "\(log)")
        #expect((log.events.last?.number("paused") ?? 0) > 0, "\(log)")
        #expect(log.of("phase.end").first?.string("outcome") == "skipped", "\(log)")
    }
}
