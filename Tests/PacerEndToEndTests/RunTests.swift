import Foundation
import Testing

/// `pacer run` at high speed, checked through its event log (`--log`).
@Suite("run")
struct RunTests {
    /// How late (real seconds) a scheduled event may be on a busy test machine.
    static let allowedLateness = 0.25

    /// Checks what every session log must satisfy, and returns it: whole JSON lines, one session
    /// from `session.start` to `session.end` with the given outcome, nothing lost in between (see
    /// `completenessProblems`), `t` never going back, and no scheduled event early or more than
    /// `lateness` seconds late. A test that overloads pacer on purpose passes `lateness: nil`,
    /// since what it checks is that nothing is lost, not that nothing is late.
    @discardableResult
    static func checkLog(
        _ path: String, outcome: String, lateness: Double? = allowedLateness,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> EventLog {
        let log = try EventLog(path: path)
        let problems =
            log.problems
            + sessionProblems(log.events, outcome: outcome, lateness: lateness.map { $0 + machineStall(during: log, at: path) })
        #expect(problems.isEmpty, "\(problems.count) problems in \(path): \(problems.prefix(5))", sourceLocation: sourceLocation)
        try #require(!log.events.isEmpty, sourceLocation: sourceLocation)
        return log
    }

    /// `checkLog` for a long log: reading and checking it happen on a thread of their own, so they
    /// do not hold one of the few threads every test runs on.
    @discardableResult
    static func checkLongLog(
        _ path: String, outcome: String, lateness: Double? = allowedLateness,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> EventLog {
        let (log, problems) = try await offThePool {
            let log = try EventLog(path: path)
            return (log, log.problems + sessionProblems(log.events, outcome: outcome, lateness: lateness))
        }
        #expect(problems.isEmpty, "\(problems.count) problems in \(path): \(problems.prefix(5))", sourceLocation: sourceLocation)
        try #require(!log.events.isEmpty, sourceLocation: sourceLocation)
        return log
    }

    /// The longest time the whole machine stalled while the session of this log ran (see
    /// `StallProbe`): the session ended when the log was last written, and lasted as long as its
    /// last event's `t`.
    static func machineStall(during log: EventLog, at path: String) -> Double {
        guard let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return 0 }
        let length = log.events.last.map(\.t) ?? 0
        return StallProbe.shared.longest(from: written.addingTimeInterval(-length - 0.1), to: written.addingTimeInterval(0.1))
    }

    /// Everything wrong with the events of one session, by the rules of `checkLog`.
    static func sessionProblems(_ events: [LogEvent], outcome: String, lateness: Double? = allowedLateness) -> [String] {
        guard events.count >= 3 else { return ["only \(events.count) events: \(events)"] }
        var problems: [String] = []
        if events.last?.string("outcome") != outcome { problems.append("the outcome is not \(outcome): \(events.last!)") }
        problems += completenessProblems(events)
        var previous = 0.0
        for event in events {
            if event.t < previous { problems.append("t goes backwards at \(event)") }
            previous = event.t
            if let due = event.due {
                if event.t - due < -1e-9 { problems.append("early: \(event)") }
                if let lateness, event.t - due > lateness { problems.append("late: \(event)") }
            }
        }
        return problems
    }

    /// What is missing or out of place in one session's events (issue 7, item 3: the log is
    /// lossless): exactly one `session.start`, first, and one `session.end`, last; every
    /// `phase.start` followed by the `phase.end` of the same phase before anything else starts or
    /// the session ends; countdowns and cues only inside their own phase; phase numbers within the
    /// count `session.start` announced; and a completed session ends with its last phase (or with a
    /// phase that timed out, when an EMOM or AMRAP at the end left the rest of its block out).
    static func completenessProblems(_ events: [LogEvent]) -> [String] {
        var problems: [String] = []
        guard let start = events.first, start.type == "session.start" else { return ["the first event is not session.start"] }
        guard let end = events.last, end.type == "session.end" else { return ["the last event is not session.end"] }
        let count = start.int("phases") ?? 0
        var open: Int?
        var lastStarted: Int?
        // A phase cut off by its EMOM window or AMRAP time may skip what was left of its block.
        var endedByTime = false
        for event in events.dropFirst().dropLast() {
            switch event.type {
            case "session.start", "session.end":
                problems.append("a second \(event.type): \(event)")
            case "phase.start":
                if let open { problems.append("phase \(open) never ended before \(event)") }
                open = event.int("index")
                lastStarted = open
                if !(1...max(1, count)).contains(open ?? 0) { problems.append("a phase outside 1...\(count): \(event)") }
                if event.int("count") != count { problems.append("a count other than \(count): \(event)") }
            case "phase.end":
                if open == nil || event.int("index") != open { problems.append("phase.end without its phase.start: \(event)") }
                open = nil
                endedByTime = event.string("outcome") == "timeout"
            case "countdown", "cue", "extend":
                if open == nil || event.int("index") != open { problems.append("\(event.type) outside its phase: \(event)") }
            default:
                break
            }
        }
        if let open { problems.append("phase \(open) never ended before session.end") }
        if end.string("outcome") == "completed", lastStarted != count, !endedByTime {
            problems.append("a completed session whose last phase was \(lastStarted.map(String.init) ?? "none"), not \(count)")
        }
        return problems
    }

    /// Checks a log holding several sessions, one after another (a log is appended to), and
    /// returns the events of each.
    @discardableResult
    static func checkSessions(_ log: EventLog, outcomes: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[LogEvent]]
    {
        #expect(log.problems.isEmpty, "\(log.problems)", sourceLocation: sourceLocation)
        var sessions: [[LogEvent]] = []
        for event in log.events where event.type == "session.start" || !sessions.isEmpty {
            if event.type == "session.start" { sessions.append([]) }
            sessions[sessions.count - 1].append(event)
        }
        try #require(sessions.count == outcomes.count, "\(sessions.count) sessions in \(log)", sourceLocation: sourceLocation)
        for (session, outcome) in zip(sessions, outcomes) {
            let problems = sessionProblems(session, outcome: outcome)
            #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
        }
        return sessions
    }

    @Test func tabataAtHighSpeedFollowsThePlan() async throws {
        let sandbox = try Sandbox()
        let show = try await PacerProcess.run(["show", "tabata", "--json"], in: sandbox)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any], "\(show)")
        let rows = try #require(document["phases"] as? [[String: Any]], "\(show)").map { LogEvent(line: "\($0)", fields: $0) }
        try #require(rows.count == 17, "\(show)")
        let planned = try #require(document["planned"] as? Double, "\(show)")

        let path = sandbox.path("tabata.log")
        let speed = 500.0
        let result = try await PacerProcess.run(["run", "tabata", "--speed", "500", "--log", path], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(!result.stdout.contains("\u{1B}"), "no escape codes when standard output is not a terminal")
        #expect(result.summaryLine?.hasPrefix("Workout complete.") == true, "\(result)")
        let log = try Self.checkLog(path, outcome: "completed")

        let start = try #require(log.events.first)
        #expect(start.int("phases") == rows.count, "\(start)")
        #expect(start.number("planned") == planned, "\(start) vs show's \(planned)")
        #expect(start.string("workout") == "Tabata" && start.string("file") == "<built-in>/tabata.json")
        #expect(start.number("speed") == speed && start.t == 0)
        #expect(start.string("wall").map { $0.firstMatch(of: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil } == true, "\(start)")

        let starts = log.of("phase.start")
        #expect(starts.compactMap { $0.int("index") } == Array(1...17))
        #expect(starts.compactMap { $0.string("kind") } == rows.compactMap { $0.string("kind") })
        #expect(starts.compactMap { $0.string("name") } == rows.compactMap { $0.string("name") })
        #expect(starts.compactMap { $0.number("duration") } == rows.compactMap { $0.number("duration") })
        #expect(starts.allSatisfy { $0.int("count") == 17 })
        #expect(starts.compactMap { $0.string("next") } == Array(rows.dropFirst().compactMap { $0.string("name") }))
        #expect(starts.last?.isNull("next") == true)
        // Phases start on schedule: the plan's offset, in real time.
        for (event, row) in zip(starts, rows) {
            let start = row.number("start") ?? -1
            #expect(abs((event.due ?? -1) - start / speed) < 0.002, "\(event) should be due at \(start / speed)")
        }
        let sprints = starts.filter { $0.string("kind") == "work" }
        #expect(sprints.compactMap { $0.int("round") } == Array(1...8) && sprints.allSatisfy { $0.int("rounds") == 8 }, "\(log)")

        let ends = log.of("phase.end")
        #expect(ends.compactMap { $0.int("index") } == Array(1...17))
        #expect(ends.allSatisfy { $0.string("outcome") == "completed" }, "\(log)")
        #expect(ends.compactMap { $0.number("active") } == rows.compactMap { $0.number("duration") }, "\(log)")

        // 3, 2, 1 in the last three seconds of every phase, in order, between its start and its end.
        for (index, row) in zip(1..., rows) {
            let phase = Self.events(of: index, in: log)
            let countdowns = phase.filter { $0.type == "countdown" }
            #expect(countdowns.compactMap { $0.int("remaining") } == [3, 2, 1], "phase \(index): \(countdowns)")
            let phaseDue = starts[index - 1].due ?? .nan
            for countdown in countdowns {
                let remaining = Double(countdown.int("remaining") ?? 0)
                let expected = phaseDue + ((row.number("duration") ?? 0) - remaining) / speed
                #expect(abs((countdown.due ?? -1) - expected) < 0.002, "\(countdown) should be due at \(expected)")
            }
            #expect(phase.first?.type == "phase.start" && phase.last?.type == "phase.end", "phase \(index): \(phase)")
        }
        // The halfway call in every sprint (tabata sets "halfway": true).
        #expect(
            log.of("cue").filter { $0.string("text") == "Halfway" }.compactMap { $0.int("index") } == sprints.compactMap { $0.int("index") }
        )

        let end = try #require(log.events.last)
        #expect(end.t >= planned / speed - 0.001, "the session cannot end before its planned time: \(end)")
        #expect(end.t < planned / speed + 1, "\(end)")
        #expect(abs((end.number("active") ?? 0) - planned) < planned * 0.05, "\(end)")
        #expect(end.number("paused") == 0)
    }

    /// The events of one phase, from its phase.start to its phase.end.
    static func events(of index: Int, in log: EventLog) -> [LogEvent] {
        guard let first = log.events.firstIndex(where: { $0.type == "phase.start" && $0.int("index") == index }) else { return [] }
        let last = log.events[first...].firstIndex { $0.type == "phase.end" && $0.int("index") == index } ?? log.events.count - 1
        return Array(log.events[first...last])
    }

    @Test func aSmallWorkoutCountsDownOnlyWhatFits() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "small.json",
            """
            {"name": "Small", "countdown": 3, "halfway": true, "steps": [
              {"prepare": 2, "cue": "Ready"},
              {"work": 5, "name": "Go", "cues": [{"at": 1, "text": "Breathe"}, {"at": "4s", "text": "Push"}]},
              {"rest": 1},
              {"work": "3s", "name": "Last"}]}
            """)
        let path = sandbox.path("small.log")
        let result = try await PacerProcess.run(
            ["run", "small.json", "--speed", "200", "--log", path],
            in: sandbox, stdin: .text(""))
        #expect(result.status == 0, "\(result)")
        let log = try Self.checkLog(path, outcome: "completed")
        #expect(log.events.first?.int("phases") == 4 && log.events.first?.number("planned") == 11, "\(log)")
        let starts = log.of("phase.start")
        #expect(starts.compactMap { $0.string("name") } == ["Prepare", "Go", "Rest", "Last"], "\(log)")
        #expect(starts.first?.string("cue") == "Ready", "\(log)")
        // A phase of D seconds is counted down from min(countdown, D - 1): nothing at its very start.
        let expected: [[Int]] = [[1], [3, 2, 1], [], [2, 1]]
        for (index, remaining) in zip(1..., expected) {
            let countdowns = Self.events(of: index, in: log).filter { $0.type == "countdown" }
            #expect(countdowns.compactMap { $0.int("remaining") } == remaining, "phase \(index): \(log)")
        }
        // Timed cues in order; no halfway call for a work phase under 10 s.
        let cues = Self.events(of: 2, in: log).filter { $0.type == "cue" }
        #expect(cues.compactMap { $0.string("text") } == ["Breathe", "Push"], "\(log)")
        #expect(log.of("cue").allSatisfy { $0.string("text") != "Halfway" }, "\(log)")
        let goDue = starts[1].due ?? .nan
        #expect(abs((cues.first?.due ?? -1) - (goDue + 1 / 200.0)) < 0.002, "\(log)")
    }

    @Test func repStepsWaitForDoneAndLogWhatWasDone() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "lift.json",
            """
            {"name": "Lift", "steps": [{"reps": 5, "name": "Squat", "weight": "100 kg"}, {"reps": 8, "name": "Row", "weight": 40}, {"work": 1}]}
            """)
        let path = sandbox.path("lift.log")
        let result = try await PacerProcess.run(
            ["run", "lift.json", "--speed", "100", "--log", path],
            in: sandbox, stdin: .text("done 4 @ 90 kg\ndone\n"))
        #expect(result.status == 0, "\(result)")
        let log = try Self.checkLog(path, outcome: "completed")
        let starts = log.of("phase.start")
        #expect(starts.first?.string("kind") == "reps" && starts.first?.isNull("duration") == true, "\(log)")
        #expect(starts.first?.int("reps") == 5 && starts.first?.string("weight") == "100 kg", "\(log)")
        let ends = log.of("phase.end")
        #expect(ends.count == 3, "\(log)")
        #expect(
            ends.first?.int("reps") == 4 && ends.first?.string("weight") == "90 kg" && ends.first?.string("outcome") == "completed",
            "\(log)")
        #expect(
            ends.dropFirst().first?.int("reps") == 8 && ends.dropFirst().first?.number("weight") == 40, "done alone logs the plan: \(log)")
        #expect(log.events.first?.number("planned") == 1, "rep steps are not planned time: \(log)")
    }

    @Test func theBellRingsIntoAPipeOnlyWhenAskedTo() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 4}, {"rest": 4}]}"#)
        let byDefault = try await PacerProcess.run(["run", "short.json", "--speed", "100"], in: sandbox)
        #expect(byDefault.status == 0, "\(byDefault)")
        #expect(!byDefault.stdout.contains("\u{07}"), "no bell characters in output that is not a terminal: \(byDefault)")
        #expect(byDefault.summaryLine?.hasPrefix("Workout complete.") == true, "\(byDefault)")

        let asked = try await PacerProcess.run(["run", "short.json", "--speed", "100", "--sink", "bell"], in: sandbox)
        #expect(asked.status == 0, "\(asked)")
        // Two phase starts and three countdowns each, then three rings at the end.
        #expect(asked.stdout == String(repeating: "\u{07}", count: 2 + 6 + 3), "\(asked)")

        // Asking for the bell and for silence at once is a contradiction, said as such, not a silent
        // choice (issue 7, item 12).
        let both = try await PacerProcess.run(["run", "short.json", "--speed", "100", "--sink", "bell", "--no-bell"], in: sandbox)
        #expect(both.status == 2 && both.stdout.isEmpty, "\(both)")
        #expect(both.stderr.contains("--sink bell and --no-bell"), "\(both)")
    }

    @Test func theLogIsAppendedTo() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 1}, {"rest": 1}]}"#)
        let path = try sandbox.write("shared.log", #"{"event":"note","t":0}"# + "\n")
        for _ in 0..<2 {
            let result = try await PacerProcess.run(["run", "short.json", "--speed", "100", "--log", path], in: sandbox)
            #expect(result.status == 0, "\(result)")
        }
        let log = try EventLog(path: path)
        #expect(log.events.first?.type == "note", "what was in the file stays: \(log)")
        try Self.checkSessions(log, outcomes: ["completed", "completed"])
        #expect(
            log.events.map(\.type) == ["note"]
                + Array(
                    repeating: [
                        "session.start", "phase.start", "phase.end", "phase.start", "phase.end", "session.end",
                    ], count: 2
                ).flatMap { $0 }, "\(log)")
    }

    @Test func anUnwritableLogIsAnErrorBeforeAnythingRuns() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("no-such-folder/session.log")
        let result = try await PacerProcess.run(["run", "tabata", "--speed", "100", "--log", path], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(path), "\(result)")
        #expect(!result.stdout.contains("Tabata"), "the session must not start: \(result)")
    }

    // Issue 7, item 3: a log that cannot be written (`--log /dev/full`) ended with exit status 0.
    @Test func aFullDiskIsReportedOnceTheSessionGoesOnAndTheExitStatusSaysSo() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 1}, {"rest": 1}]}"#)
        let result = try await PacerProcess.run(["run", "short.json", "--speed", "100", "--log", "/dev/full"], in: sandbox)
        #expect(result.status == 1, "a log that could not be written is a failure: \(result)")
        let reports = result.stderr.split(separator: "\n").filter { $0.contains("the log sink failed") }
        #expect(
            reports == [
                "pacer: the log sink failed: cannot write the log /dev/full: No space left on device; the session goes on without what it could not take"
            ], "\(result)")
        #expect(result.stdout.contains("Workout complete."), "\(result)")
    }

    @Test func anInvalidWorkoutDoesNotRun() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("bad.json", #"{"name": "Bad", "steps": [{"work": "soon"}]}"#)
        let path = sandbox.path("bad.log")
        let result = try await PacerProcess.run(["run", "bad.json", "--speed", "100", "--log", path], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("bad.json: error: at steps[0].work: "), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(EventLog.ifPresent(path)?.events.isEmpty ?? true, "no events for a workout that did not run")
    }
}
