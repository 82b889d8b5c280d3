import Foundation
import Glibc
import PacerFoundation
import PacerRuntime
import PacerWorkout
import Testing

@testable import History

/// Sessions run end to end land in the history: whole, interrupted by `kill -9`, two at once.
@Suite("history recording")
struct HistoryRecordingTests {
    /// A rep step first, so a scripted `done` reaches it; the second set ends at its cap.
    static let workout = """
        {"name": "Lift", "steps": [{"reps": 5, "name": "Squat", "weight": "60 kg"},
         {"rest": 2}, {"reps": 5, "name": "Squat", "weight": "60 kg", "cap": 10}]}
        """

    /// Where pacer keeps the history by default in the sandbox: `$HOME/.local/share/pacer/history.sqlite3`.
    static func defaultPath(_ sandbox: Sandbox) -> String {
        sandbox.home.appendingPathComponent(".local/share/pacer/history.sqlite3").path
    }

    /// `pacer history --json` in the sandbox, parsed.
    static func sessions(in sandbox: Sandbox) async throws -> [[String: Any]] {
        let result = try await PacerProcess.run(["history", "--json"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
    }

    /// `PRAGMA integrity_check` of the sandbox's history, through the sqlite3 command or Python.
    static func integrity(of sandbox: Sandbox) throws -> String {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = [
            "python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])",
            Self.defaultPath(sandbox),
        ]
        let output = Pipe()
        check.standardOutput = output
        try check.run()
        check.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    @Test func aSessionIsRecordedWithItsSetsAndStandsInTheSummary() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("lift.json", Self.workout)
        let first = try await PacerProcess.run(["run", "lift.json", "--speed", "20"], in: sandbox, stdin: .text("done 5 @ 80kg\n"))
        #expect(first.status == 0, "\(first)")
        #expect(first.stdoutLines.last == "1st session this week", "the history speaks after the summary: \(first)")
        let second = try await PacerProcess.run(["run", "lift.json", "--speed", "20"], in: sandbox, stdin: .text("done 6 @ 80 kg\n"))
        #expect(
            second.stdoutLines.last?.hasPrefix("2nd session this week") == true
                && second.stdoutLines.last?.contains("new best on Squat: 80 kg × 6") == true,
            "\(second)")

        let sessions = try await Self.sessions(in: sandbox)
        #expect(sessions.count == 2)
        let newest = try #require(sessions.first)
        #expect(newest["workout"] as? String == "Lift" && newest["outcome"] as? String == "completed", "\(newest)")
        let phases = try #require(newest["phases"] as? [[String: Any]])
        #expect(phases.map { $0["name"] as? String } == ["Squat", "Rest", "Squat"], "\(phases)")
        #expect(
            phases[0]["reps"] as? Int == 6 && phases[0]["weight"] as? Double == 80 && phases[0]["unit"] as? String == "kg", "\(phases[0])")

        let csv = try await PacerProcess.run(["history", "--csv"], in: sandbox)
        // CSV lines end in CRLF, which Swift reads as one character.
        #expect(csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1 + 6, "a header and a row per phase: \(csv)")
        let stats = try await PacerProcess.run(["stats", "--json"], in: sandbox)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats)")
        let exercises = try #require(object["exercises"] as? [[String: Any]])
        #expect(exercises.first?["name"] as? String == "Squat", "\(object)")
        #expect((object["streak"] as? [String: Any])?["current"] as? Int == 1, "\(object)")
    }

    @Test func killedAtAnyMomentTheHistoryStaysWholeAndTheSessionShowsAsInterrupted() async throws {
        let sandbox = try Sandbox()
        // The last set's cap is far off, so the kill always lands while it runs.
        try sandbox.write("lift.json", Self.workout.replacingOccurrences(of: #""cap": 10"#, with: #""cap": 600"#))
        let log = sandbox.path("lift.log")
        let process = try await PacerProcess.startSession(["run", "lift.json", "--speed", "20", "--log", log], in: sandbox, log: log)
        process.write("done 5\n")
        #expect(await eventually { EventLog.ifPresent(log)?.of("phase.end").count == 2 }, "the first set and the rest ended")
        // The history writes on its own queue, after the log may have: kill once it holds both.
        let path = Self.defaultPath(sandbox)
        #expect(
            await eventually { (try? HistoryStore.existing(at: path)?.sessions(withPhases: true).first?.phases.count) == 2 },
            "the history recorded both ended phases")
        process.send(SIGKILL)
        _ = await process.finish(timeout: 5)

        #expect(try Self.integrity(of: sandbox) == "ok")
        let sessions = try await Self.sessions(in: sandbox)
        #expect(sessions.count == 1 && sessions[0]["outcome"] as? String == "interrupted", "\(sessions)")
        #expect((sessions[0]["phases"] as? [Any])?.count == 2, "both phases that ended were kept: \(sessions)")
        let listing = try await PacerProcess.run(["history"], in: sandbox)
        #expect(listing.stdout.contains("interrupted"), "\(listing)")
    }

    /// The sink used to give up after the 2 s busy timeout and lose the whole session.
    @Test func aLockHeldByAnotherProgramAtTheStartLosesNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("quick.json", #"{"name": "Quick", "steps": [{"repeat": 5, "steps": [{"work": 2}, {"rest": 2}]}]}"#)
        let first = try await PacerProcess.run(["run", "quick.json", "--speed", "50"], in: sandbox)
        #expect(first.status == 0, "\(first)")
        // A real second process: python3's sqlite3 holds the write lock for 3 s.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute('BEGIN EXCLUSIVE')
            print('locked', flush=True)
            time.sleep(3)
            db.execute('COMMIT')
            """, Self.defaultPath(sandbox),
        ]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        // Wait until the lock is taken, off the test pool's few threads, which other tests' waits need.
        let said = try await offThePool { output.fileHandleForReading.availableData }
        #expect(String(decoding: said, as: UTF8.self).hasPrefix("locked"))

        let locked = try await PacerProcess.run(["run", "quick.json", "--speed", "20"], in: sandbox, timeout: 20)
        try await offThePool { holder.waitUntilExit() }
        #expect(locked.status == 0 && !locked.stderr.contains("history"), "\(locked)")
        let sessions = try await Self.sessions(in: sandbox)
        #expect(sessions.count == 2, "\(sessions)")
        #expect(sessions.first?["outcome"] as? String == "completed" && (sessions.first?["phases"] as? [Any])?.count == 10, "\(sessions)")
        #expect(try Self.integrity(of: sandbox) == "ok")
    }

    @Test func aSessionStillRunningShowsAsRunningAndAsInterruptedOnceKilled() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("lift.json", Self.workout)
        let log = sandbox.path("lift.log")
        let process = try await PacerProcess.startSession(["run", "lift.json", "--speed", "20", "--log", log], in: sandbox, log: log)
        // Read in this process while the session runs: another pacer would wait for a process slot
        // that a heavy test may be queued for, behind the one this session holds.
        let path = Self.defaultPath(sandbox)
        #expect(await eventually { (try? HistoryStore.existing(at: path)?.sessions().count) == 1 }, "the start was recorded")
        let running = try? HistoryStore.existing(at: path)?.sessions().first
        #expect(running?.outcomeText == "running", "pid \(process.pid): \(String(describing: running)); \(Self.runners(path))")
        let workouts = try? HistoryStore.existing(at: path)?.statistics(today: WallTime.now().localDay).workouts
        #expect(
            workouts?.first?.running == 1 && workouts?.first?.completionRate == nil, "not 0 % completed: \(String(describing: workouts))")

        process.send(SIGKILL)
        _ = await process.finish(timeout: 5)
        let killed = try await Self.sessions(in: sandbox)
        #expect(killed.first?["outcome"] as? String == "interrupted", "\(killed)")
        let listing = try await PacerProcess.run(["history"], in: sandbox)
        #expect(listing.stdout.contains("interrupted") && !listing.stdout.contains("running"), "\(listing)")
    }

    /// Each session's recording process as stored, beside what /proc says of that pid: for a failure's message.
    static func runners(_ path: String) -> String {
        let rows =
            (try? SQLiteDatabase(path: path, create: false, busyTimeout: 1000).query(
                "SELECT ifnull(runner_pid, 'NULL') || ' ' || ifnull(runner_start, 'NULL') || ' ' || ifnull(runner_boot, 'NULL') FROM sessions"
            ) { $0.text(0) ?? "" }) ?? []
        return rows.map { row in
            row + " / " + ((try? String(contentsOfFile: "/proc/\(row.prefix { $0 != " " })/stat", encoding: .utf8)) ?? "no such process")
        }.joined(separator: "; ")
    }

    @Test func twoSessionsAtOnceAreBothRecorded() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("quick.json", #"{"name": "Quick", "steps": [{"repeat": 30, "steps": [{"work": 1}, {"rest": 1}]}]}"#)
        async let first = PacerProcess.run(["run", "quick.json", "--speed", "50"], in: sandbox)
        async let second = PacerProcess.run(["run", "quick.json", "--speed", "50"], in: sandbox)
        let results = try await [first, second]
        #expect(results.allSatisfy { $0.status == 0 && $0.stderr.isEmpty }, "\(results)")
        let sessions = try await Self.sessions(in: sandbox)
        #expect(sessions.count == 2, "\(sessions)")
        #expect(sessions.allSatisfy { ($0["phases"] as? [Any])?.count == 60 && $0["outcome"] as? String == "completed" }, "\(sessions)")
        #expect(try Self.integrity(of: sandbox) == "ok")
    }

    @Test func noHistoryAndTheConfigTurnItOff() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("quick.json", #"{"name": "Quick", "steps": [{"work": 1}]}"#)
        let off = try await PacerProcess.run(["run", "quick.json", "--speed", "50", "--no-history"], in: sandbox)
        #expect(off.status == 0 && off.summaryLine == off.stdoutLines.last, "\(off)")
        try sandbox.write("home/config/pacer/config.json", #"{"history": false}"#)
        _ = try await PacerProcess.run(["run", "quick.json", "--speed", "50"], in: sandbox)
        #expect(!FileManager.default.fileExists(atPath: Self.defaultPath(sandbox)))
        let contradiction = try await PacerProcess.run(["run", "quick.json", "--sink", "history", "--no-history"], in: sandbox)
        #expect(contradiction.status == 2, "\(contradiction)")
    }

    @Test func aBrokenHistoryIsReportedOnceAndTheSessionRuns() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("quick.json", #"{"name": "Quick", "steps": [{"work": 1}, {"rest": 1}]}"#)
        try sandbox.write("home/.local/share/pacer/history.sqlite3", String(repeating: "not a database ", count: 100))
        let result = try await PacerProcess.run(["run", "quick.json", "--speed", "50"], in: sandbox)
        #expect(result.summaryLine?.hasPrefix("Workout complete.") == true, "\(result)")
        let reports = result.stderrLines.filter { $0.contains("history") }
        #expect(reports.count == 1 && reports[0].hasPrefix("pacer: the history sink failed"), "\(result)")
        #expect(result.status == 1, "a recorder that failed is a failure: \(result)")
    }
}
