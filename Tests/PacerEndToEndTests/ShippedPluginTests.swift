import Foundation
import Glibc
import Testing

/// The plugins that ship in Plugins/ (notify, statusline, remote) and `pacer ctl`, run for real:
/// pacer finds them among its shipped plugins and they run as Python processes.
@Suite("shipped plugins")
struct ShippedPluginTests {
    static let plugins = ["notify", "statusline", "remote"]

    static func pluginPath(_ name: String) -> String {
        PacerBinary.packageRoot.appendingPathComponent("Plugins/\(name)/pacer-sink-\(name)").path
    }

    @Test func theyCompileAndPacerFindsThem() async throws {
        let sandbox = try Sandbox()
        let files = Self.plugins.map(Self.pluginPath) + [PacerBinary.packageRoot.appendingPathComponent("Plugins/pacer_plugin.py").path]
        let compiled = try await PacerProcess.run(
            ["python3", "-m", "py_compile"] + files, in: sandbox,
            environment: ["PYTHONPYCACHEPREFIX": sandbox.path("pycache")], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(compiled.status == 0, "\(compiled)")

        let listed = try await PacerProcess.run(["plugins"], in: sandbox)
        for name in Self.plugins {
            let line = listed.stdoutLines.first { $0.hasPrefix("  \(name) ") }
            #expect(line?.contains(Self.pluginPath(name)) == true && line?.hasSuffix("shipped with pacer") == true, "\(listed)")
        }
    }

    // MARK: - notify

    /// A workout with four work phases in two rounds, 3 s at --speed 4: time for Python to start on a busy machine.
    static let circuit = #"""
        {"name": "Legs & <more>", "steps": [{"prepare": 1, "name": "Ready"},
          {"circuit": ["Squats", "Lunges"], "work": 2, "rest": 1, "rounds": 2}]}
        """#

    @Test func notifyShowsEachWorkPhaseAndTheEnd() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("legs.json", Self.circuit)
        let fake = try FakeNotifySend(in: sandbox)
        let path = sandbox.path("legs.log")
        let result = try await PacerProcess.run(
            ["run", "legs.json", "--speed", "4", "--log", path, "--sink", "notify:urgency=critical"], in: sandbox,
            environment: FakeNotifySend.path(in: sandbox))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")

        // The last notify-send may finish after pacer: it is not waited for beyond pacer's grace period.
        #expect(await eventually { fake.count == 5 }, "\(fake.read())")
        let records = fake.records
        let notifications = fake.notifications
        #expect(notifications.count == records.count, "\(records)")
        let work = log.of("phase.start").filter { $0.string("kind") == "work" }
        #expect(work.compactMap { $0.string("name") } == ["Squats", "Lunges", "Squats", "Lunges"], "\(log)")
        #expect(notifications.map(\.summary) == work.compactMap { $0.string("name") } + ["Legs & <more> complete"], "\(records)")
        #expect(notifications.allSatisfy { $0.options.contains("--urgency=critical") }, "\(records)")
        #expect(notifications.first?.body == "2s · round 1 of 2\nNext: Rest", "\(records)")
        #expect(notifications.dropFirst(3).first?.body == "2s · round 2 of 2\nLast one", "\(records)")
        #expect(notifications.last?.body == "12s active · 8 of 8 phases done", "\(records)")
    }

    @Test func notifyWithoutNotifySendSaysWhatToInstallAndTheSessionGoesOn() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("legs.json", Self.circuit)
        // A PATH with Python and nothing else: no notify-send, whatever this machine has.
        let python = try await Self.python(in: sandbox)
        try FileManager.default.createDirectory(atPath: sandbox.path("only-python"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("only-python/python3"), withDestinationPath: python)
        let path = sandbox.path("legs.log")
        let result = try await PacerProcess.run(
            ["run", "legs.json", "--speed", "4", "--log", path, "--sink", "notify"],
            in: sandbox, environment: ["PATH": sandbox.path("only-python")])
        #expect(result.status == 0, "\(result)")
        try RunTests.checkLog(path, outcome: "completed")
        #expect(result.stderrLines.count == 1, "one line, and no report of a plugin that ended early: \(result)")
        #expect(result.stderrLines.first?.hasPrefix("notify: notify-send is not installed") == true, "\(result)")
        #expect(result.stderr.contains("sudo apt install libnotify-bin"), "\(result)")
    }

    /// The Python executable itself (python3 on PATH may be a wrapper script, as pyenv's are).
    static func python(in sandbox: Sandbox) async throws -> String {
        let found = try await PacerProcess.run(
            ["python3", "-c", "import sys; print(sys.executable)"], in: sandbox,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        return try #require(found.stdoutLines.first, "python3 is not on PATH: \(found)")
    }

    // MARK: - statusline

    @Test func statuslineCountsDownWithTheSessionAndGoesAtTheEnd() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "alpha.json", #"{"name": "Alpha", "steps": [{"repeat": 2, "steps": [{"work": 60, "name": "Alpha"}]}, {"rest": 10}]}"#)
        let file = sandbox.runtime.appendingPathComponent("pacer/statusline").path
        let path = sandbox.path("alpha.log")
        let speed = 10.0
        let process = try await PacerProcess.startSession(
            ["run", "alpha.json", "--speed", "10", "--log", path, "--sink", "statusline"],
            in: sandbox, log: path)
        /// The line now, and the seconds left that it shows.
        func line() -> (text: String, left: Double)? {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                let match = text.firstMatch(of: /^work: Alpha (\d+):(\d\d) round (\d)\/2( paused)?\n$/)
            else { return nil }
            return (text, Double(match.1)! * 60 + Double(match.2)!)
        }
        #expect(await eventually { line() != nil }, "no status line in \(file)")
        let first = try #require(line())
        #expect(first.text.hasSuffix(" round 1/2\n") && first.left <= 60, "\(first.text)")
        #expect(await eventually { (line()?.left ?? 99) < first.left }, "the time left does not count down from \(first.text)")

        // Paused: the line stays, and agrees with the log to within a second.
        process.write("pause\n")
        #expect(await eventually { line()?.text.hasSuffix(" paused\n") == true }, "\(String(describing: line()))")
        // The log sink writes on its own queue, and may do so after the plugin heard of the pause.
        #expect(await eventually { EventLog.ifPresent(path)?.of("pause").isEmpty == false }, "no pause in the log")
        let log = try EventLog(path: path)
        let started = try #require(log.of("phase.start").first?.due)
        let pausedAt = try #require(log.of("pause").first?.t)
        let expected = 60 - (pausedAt - started) * speed
        let paused = try #require(line())
        #expect(paused.left >= expected - 0.01 && paused.left < expected + 1.01, "\(paused.text) but the log says \(expected) s left")

        process.write("+30\n")
        #expect(await eventually { line()?.left == paused.left + 30 }, "\(String(describing: line())) after +30 from \(paused.text)")
        process.write("resume\nskip\n")
        #expect(await eventually { line()?.text.contains("round 2/2") == true }, "\(String(describing: line()))")
        #expect(line().map { !$0.text.contains("paused") && $0.left <= 60 } == true, "\(String(describing: line()))")

        process.write("quit\n")
        let result = await process.finish()
        #expect(result.status == 0, "\(result)")
        try RunTests.checkLog(path, outcome: "quit")
        #expect(!FileManager.default.fileExists(atPath: file), "the status line outlives its session")
    }

    @Test func statuslineTakesAFileAndAFormat() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("plank.json", #"{"name": "Plank", "steps": [{"work": 90, "name": "Plank"}]}"#)
        let file = sandbox.path("bar-line")
        let path = sandbox.path("plank.log")
        let process = try await PacerProcess.startSession(
            ["run", "plank.json", "--log", path, "--sink", "statusline:file=\(file),format=<{name}|{left}|{phase}|{total}|{paused}>"],
            in: sandbox, log: path)
        process.write("pause\n")
        let shown = await eventually {
            (try? String(contentsOfFile: file, encoding: .utf8))?.wholeMatch(of: /<Plank\|1:(2\d|30)\|1\/1\|1:(2\d|30)\|paused>\n/) != nil
        }
        #expect(shown, "\(String(describing: try? String(contentsOfFile: file, encoding: .utf8)))")
        process.write("quit\n")
        let result = await process.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    // MARK: - remote and pacer ctl

    @Test func remoteTakesCommandsFromItsFIFOAndFromPacerCtl() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "long.json",
            #"{"name": "Long", "steps": [{"work": 60, "name": "One"}, {"work": 60, "name": "Two"}, {"work": 60, "name": "Three"}]}"#)
        let folder = sandbox.runtime.appendingPathComponent("pacer").path
        let fifo = folder + "/remote"
        // What a session killed with kill -9 left behind a minute ago: the next session tidies it away.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(mkfifo(folder + "/remote-99999999", 0o600) == 0)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: folder + "/remote-99999999")
        let path = sandbox.path("long.log")
        let process = try await PacerProcess.startSession(["run", "long.json", "--log", path, "--sink", "remote"], in: sandbox, log: path)
        #expect(await eventually { FileManager.default.fileExists(atPath: fifo) }, "no FIFO at \(fifo)")
        func phaseStarts() -> Int { EventLog.ifPresent(path)?.of("phase.start").count ?? 0 }

        // A writer that opens the FIFO and never writes, and lines that are not commands, change nothing.
        let idle = open(fifo, O_WRONLY | O_NONBLOCK)
        #expect(idle >= 0)
        defer { close(idle) }
        #expect(
            Self.write(
                Data([0xFF, 0xFE, 0x00, 0x0A]) + Data("bad\u{1B}[2J\n".utf8) + Data(repeating: 0x61, count: 100_000) + Data("\n".utf8),
                to: fifo))

        #expect(Self.write(Data("skip\n".utf8), to: fifo))
        #expect(await eventually { phaseStarts() == 2 }, "echo skip > FIFO did not skip: \(String(describing: EventLog.ifPresent(path)))")

        let ctl = try await PacerProcess.run(["ctl", "skip"], in: sandbox, load: .beside)
        #expect(ctl.status == 0 && ctl.stdout.isEmpty && ctl.stderr.isEmpty, "\(ctl)")
        #expect(await eventually { phaseStarts() == 3 }, "pacer ctl skip did not skip")

        // A flood fills what waits for pacer; once it stops, commands are taken again.
        #expect(Self.write(Data(String(repeating: "bogus\n", count: 2000).utf8), to: fifo))
        var ended: Date?
        for _ in 0..<50 where ended == nil {
            _ = try await PacerProcess.run(["ctl", "quit"], in: sandbox, load: .beside)
            if await eventually(timeout: 0.2, { EventLog.ifPresent(path)?.of("session.end").isEmpty == false }) { ended = Date() }
        }
        let result = await process.finish()
        let endSeen = try #require(ended, "pacer ctl quit was never taken after the flood")
        let exitTime = Date().timeIntervalSince(endSeen)
        #expect(result.status == 0, "\(result)")
        // Pacer gives a plugin 1 s after the end before it sends SIGTERM; a stalled machine adds its stall.
        let stall = StallProbe.shared.longest(from: endSeen, to: Date())
        #expect(exitTime < 1 + stall, "the plugin should exit as soon as its input ends, not wait to be ended: \(exitTime) s")
        let log = try RunTests.checkLog(path, outcome: "quit")
        #expect(log.of("phase.end").compactMap { $0.string("outcome") } == ["skipped", "skipped", "skipped"], "\(log)")
        #expect(log.of("pause").isEmpty && log.of("extend").isEmpty, "garbage became a command: \(log)")
        for report in [
            "remote: left out input that is not UTF-8 text", "remote: left out a line with control characters",
            "remote: left out a line longer than 1000 bytes", "remote: commands arrive faster than pacer takes them",
        ] {
            #expect(result.stderrLines.contains { $0.hasPrefix(report) }, "no '\(report)' in \(result)")
        }
        #expect(!result.stderr.contains("was killed") && !result.stderr.contains("exited with"), "\(result)")
        #expect(FileManager.default.subpaths(atPath: folder) == [], "the plugin leaves behind what it made")
    }

    @Test func ctlWithoutASessionFailsAtOnce() async throws {
        let sandbox = try Sandbox()
        let message = "pacer: no session is running with the remote plugin (start one with --sink remote)\n"
        // "At once": a blocking open would wait for a reader forever; the bound is loose for busy machines.
        let none = try await PacerProcess.run(["ctl", "skip"], in: sandbox)
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr == message && none.secondsUnstalled < 5, "\(none)")

        // A FIFO that nobody reads (a session killed with kill -9): opening it must not wait.
        let folder = sandbox.runtime.appendingPathComponent("pacer").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/remote", 0o600) == 0)
        let stale = try await PacerProcess.run(["ctl", "-10"], in: sandbox)
        #expect(stale.status == 1 && stale.stderr == message && stale.secondsUnstalled < 5, "\(stale)")

        let misspelt = try await PacerProcess.run(["ctl", "skp"], in: sandbox)
        #expect(misspelt.status == 2 && misspelt.stderr.contains("did you mean \"skip\""), "\(misspelt)")
        let empty = try await PacerProcess.run(["ctl"], in: sandbox)
        #expect(empty.status == 2 && empty.stderr.contains("pacer ctl skip"), "\(empty)")
    }

    /// Writes to a FIFO with a reader, all of it; false if there is no reader.
    static func write(_ data: Data, to fifo: String) -> Bool {
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return writeWithoutSIGPIPE(descriptor, data)
    }
}
