import Foundation
import Glibc
import Testing

/// External plugins as real processes: the stream they get, the commands they send, and every way
/// a plugin can misbehave without hurting the session.
@Suite("external plugins")
struct PluginTests {
    /// 4 phases, 19 workout seconds: 0.38 s at --speed 50.
    static let workout = """
        {"name": "Small", "steps": [{"prepare": 10}, {"work": 5, "name": "Go"}, {"rest": 1}, {"work": 3, "name": "Last"}]}
        """

    /// Writes an executable script into the sandbox and returns its path.
    static func plugin(_ name: String, _ script: String, in sandbox: Sandbox) throws -> String {
        let path = try sandbox.write(name, script)
        chmod(path, 0o755)
        return path
    }

    /// Runs the small workout with the given sinks (and --log) at `speed`, stdin open so input never ends.
    static func run(
        _ sinks: [String], in sandbox: Sandbox, speed: String = "50", workout: String = PluginTests.workout,
        environment: [String: String] = [:], timeout: Double = 15
    ) async throws -> (PacerResult, String) {
        try sandbox.write("small.json", workout)
        let log = sandbox.path("session.log")
        let arguments = ["run", "small.json", "--speed", speed, "--log", log] + sinks.flatMap { ["--sink", $0] }
        let process = try await PacerProcess(
            arguments, environment: sandbox.environment(environment), directory: sandbox.directory, stdin: .open)
        let result = await process.finish(timeout: timeout)
        #expect(!result.timedOut, "\(result)")
        return (result, log)
    }

    @Test func aPluginGetsExactlyTheStreamTheLogGets() async throws {
        let sandbox = try Sandbox()
        let recorded = sandbox.path("recorded.jsonl")
        let recorder = try Self.plugin("recorder", "#!/bin/sh\nexec cat > '\(recorded)'\n", in: sandbox)
        let (result, log) = try await Self.run(["terminal", "exec:\(recorder)"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        _ = try RunTests.checkLog(log, outcome: "completed")
        #expect(try String(contentsOfFile: recorded, encoding: .utf8) == String(contentsOfFile: log, encoding: .utf8))
    }

    @Test func aPluginIsToldAboutItselfAndGetsItsOptionsAsArguments() async throws {
        let sandbox = try Sandbox()
        let told = sandbox.path("told.txt")
        let script = """
            #!/bin/sh
            printf '%s\\n' "$@" "$PACER_PROTOCOL" "$PACER_PLUGIN" "$PACER_WORKOUT" "$PACER_WORKOUT_FILE" "$PACER_SPEED" "$PACER_VERSION" > '\(told)'
            exec cat > /dev/null
            """
        _ = try Self.plugin("plugins/pacer-sink-teller", script, in: sandbox)
        let (result, _) = try await Self.run(
            ["teller:port=8080,bind=0.0.0.0"], in: sandbox,
            environment: ["PATH": sandbox.path("plugins") + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result)")
        let lines = try String(contentsOfFile: told, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(7)) == ["port=8080", "bind=0.0.0.0", "1", "teller", "Small", "small.json", "50"], "\(lines)")
        #expect(lines.count == 8 && lines[7].contains("."), "a version: \(lines)")
    }

    @Test func aPluginsCommandIsCarriedOutAndAnsweredToItAlone() async throws {
        let sandbox = try Sandbox()
        let recorded = sandbox.path("recorded.jsonl")
        let script = """
            #!/usr/bin/env python3
            import sys
            sent = False
            with open('\(recorded)', 'w') as out:
                for line in sys.stdin:
                    out.write(line)
                    out.flush()
                    if not sent and '"event":"phase.start"' in line:
                        print("skip", flush=True)
                        print("done 5", flush=True)
                        print("status", flush=True)
                        sent = True
            """
        let plugin = try Self.plugin("skipper", script, in: sandbox)
        // A first phase of 2 s: time enough for the plugin to start, even on a busy machine.
        let workout = #"{"name": "Two", "steps": [{"prepare": 10, "name": "Ready"}, {"work": 2, "name": "Go"}]}"#
        let (result, log) = try await Self.run(["terminal", "exec:\(plugin)"], in: sandbox, speed: "5", workout: workout)
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        #expect(events.of("phase.end").first?.string("outcome") == "skipped", "\(events)")
        let stream = try EventLog(path: recorded)
        let replies = stream.of("reply")
        #expect(replies.map { $0.string("command") } == ["skip", "done 5", "status"], "\(stream)")
        #expect(replies.map { $0.fields["ok"] as? Bool } == [true, false, true], "\(stream)")
        #expect(replies[1].string("text")?.hasPrefix("done is for rep steps") == true, "\(stream)")
        #expect(replies[2].string("text")?.hasPrefix("Go (work, phase 2/2)") == true, "\(stream)")
        // Each reply follows the events its command caused, and nobody else hears it.
        let lines = stream.events.map(\.type)
        let skipReply = try #require(lines.firstIndex(of: "reply"))
        #expect(Array(lines[skipReply - 2..<skipReply]) == ["phase.end", "phase.start"], "\(lines)")
        #expect(!(try String(contentsOfFile: log, encoding: .utf8)).contains("reply"))
        #expect(!result.stdout.contains("phase 2/2"), "the status answer went to the plugin only: \(result)")
    }

    @Test func aPluginThatNeverReadsLosesOnlyItsOwnEventsAndIsToldOnce() async throws {
        let sandbox = try Sandbox()
        // 3,000 phases write far more than a pipe holds; the plugin reads nothing and ignores SIGTERM.
        let workout = #"{"name": "Many", "countdown": 0, "steps": [{"repeat": 3000, "steps": [{"work": 0.1}]}]}"#
        let stubborn = try Self.plugin("stubborn", "#!/bin/sh\ntrap '' TERM\nwhile :; do sleep 1; done\n", in: sandbox)
        let (result, log) = try await Self.run(["exec:\(stubborn)"], in: sandbox, speed: "100", workout: workout)
        let took = result.secondsUnstalled
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        #expect(events.of("phase.start").count == 3000)
        let warnings = result.stderrLines.filter { $0.contains("not reading its input") }
        #expect(warnings.count == 1, "\(result)")
        // 3 s of session, then at most about 3 s to end a plugin that ignores SIGTERM.
        #expect(took < 3 + 3.5, "took \(took) s: \(result)")
    }

    @Test func aPluginThatExitsAtOnceIsReportedOnce() async throws {
        let sandbox = try Sandbox()
        let quitter = try Self.plugin("quitter", "#!/bin/sh\nexit 3\n", in: sandbox)
        // 3.8 s of session: a busy machine may take a while to start the plugin, and it must end before the session does.
        let (result, log) = try await Self.run(["terminal", "exec:\(quitter)"], in: sandbox, speed: "5")
        #expect(result.status == 0, "\(result)")
        _ = try RunTests.checkLog(log, outcome: "completed")
        #expect(
            result.stderrLines == [
                "pacer: the quitter plugin exited with status 3 before the session ended; the session goes on without it"
            ], "\(result)")
        #expect(result.stdoutLines.last?.hasPrefix("Workout complete.") == true, "\(result)")
    }

    @Test func aPluginThatCannotStartIsReportedAndTheSessionGoesOn() async throws {
        let sandbox = try Sandbox()
        let broken = try Self.plugin("broken", "#!/no/such/interpreter\n", in: sandbox)
        let (result, log) = try await Self.run(["terminal", "exec:\(broken)"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        _ = try RunTests.checkLog(log, outcome: "completed")
        #expect(result.stderrLines.count == 1 && result.stderrLines[0].hasPrefix("pacer: cannot start the broken plugin: "), "\(result)")
    }

    @Test func aFloodOfGarbageIsReportedOnceAndCannotSlowTheClock() async throws {
        let sandbox = try Sandbox()
        let script = """
            #!/usr/bin/env python3
            import sys
            for n in range(20000):
                print("frobnicate %d \\x1b]0;pwned\\x07" % n if n % 2 else "status")
            sys.stdout.flush()
            for line in sys.stdin:
                pass
            """
        let flooder = try Self.plugin("flooder", script, in: sandbox)
        let (result, log) = try await Self.run(["terminal", "exec:\(flooder)"], in: sandbox, speed: "10")
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        for start in events.of("phase.start") {
            #expect(
                start.t - (start.due ?? 0) < 0.05 + result.stalled,
                "phase starts stay on time: \(start) (the machine stalled up to \(result.stalled) s)")
        }
        // 1.9 s of session at 50 commands a second: about a hundred taken, the rest left in the pipe,
        // where the plugin waits to write them at the end instead of exiting: it is stopped, and told of.
        let reports = result.stderrLines.filter { $0.contains("flooder") }
        #expect(reports.count == 2 && reports[0].contains("which is not a command"), "\(result)")
        #expect(reports.last?.contains("the flooder plugin did not exit when its input ended, so it was stopped") == true, "\(result)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stdout.contains("\u{1B}"), "\(result)")
    }

    @Test func whatAPluginWritesOnStandardErrorIsShownPrefixedAndRateLimited() async throws {
        let sandbox = try Sandbox()
        let script = """
            #!/bin/sh
            echo "listening on http://127.0.0.1:8080" >&2
            i=0; while [ $i -lt 500 ]; do echo "noise $i" >&2; i=$((i+1)); done
            exec cat > /dev/null
            """
        let chatty = try Self.plugin("chatty", script, in: sandbox)
        let (result, _) = try await Self.run(["terminal", "exec:\(chatty)"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        let lines = result.stderrLines
        #expect(lines.first == "chatty: listening on http://127.0.0.1:8080", "\(result)")
        #expect(lines.allSatisfy { $0.hasPrefix("chatty: ") }, "\(result)")
        #expect(lines.count < 80, "at most a burst of 50 and ten a second: \(lines.count)")
        #expect(lines.last?.contains("more lines not shown") == true, "\(result)")
    }

    @Test func killingPacerLeavesNoPluginBehind() async throws {
        let sandbox = try Sandbox()
        let pidFile = sandbox.path("plugin.pid")
        let sleeper = try Self.plugin("sleeper", "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 300\n", in: sandbox)
        try sandbox.write("long.json", #"{"name": "Long", "steps": [{"work": 60}]}"#)
        let log = sandbox.path("long.log")
        let process = try await PacerProcess.startSession(
            ["run", "long.json", "--log", log, "--sink", "exec:\(sleeper)"], in: sandbox, log: log)
        #expect(await eventually { FileManager.default.fileExists(atPath: pidFile) })
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == 0, "the plugin runs")
        process.send(SIGKILL)
        _ = await process.finish(timeout: 5)
        #expect(await eventually(timeout: 3) { kill(pid, 0) != 0 }, "the plugin (pid \(pid)) outlived pacer")
    }

    @Test func aPluginStoppedAtTheEndIsReportedWithTheEventsItNeverRead() async throws {
        let sandbox = try Sandbox()
        // Reads nothing and ignores the end of its input: far fewer events than would be dropped.
        let deaf = try Self.plugin("deaf", "#!/bin/sh\nexec sleep 30\n", in: sandbox)
        let (result, log) = try await Self.run(["exec:\(deaf)"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed").events.count
        let reports = result.stderrLines.filter { $0.contains("deaf plugin") }
        #expect(
            reports == [
                "pacer: the deaf plugin did not exit when its input ended, so it was stopped; it never read \(events) events of the session"
            ],
            "\(result)")
    }

    @Test func theUsersFolderComesBeforePathAndPluginsListsBoth() async throws {
        let sandbox = try Sandbox()
        let mark = sandbox.path("which.txt")
        _ = try Self.plugin(
            "home/config/pacer/plugins/pacer-sink-same", "#!/bin/sh\necho config > '\(mark)'\nexec cat >/dev/null\n", in: sandbox)
        _ = try Self.plugin("bin/pacer-sink-same", "#!/bin/sh\necho path > '\(mark)'\nexec cat >/dev/null\n", in: sandbox)
        let lazy = try sandbox.write("bin/pacer-sink-lazy", "#!/bin/sh\n")
        chmod(lazy, 0o644)
        let environment = ["PATH": sandbox.path("bin") + ":/usr/bin:/bin"]
        let (result, _) = try await Self.run(["same"], in: sandbox, environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOfFile: mark, encoding: .utf8) == "config\n")

        let listed = try await PacerProcess.run(["plugins"], in: sandbox, environment: environment)
        #expect(listed.status == 0, "\(listed)")
        let lines = listed.stdoutLines
        let same = lines.filter { $0.contains("pacer-sink-same") }
        #expect(same.count == 2, "\(listed)")
        #expect(same.first?.contains(sandbox.path("home/config/pacer/plugins/pacer-sink-same")) == true, "\(listed)")
        #expect(same.last?.contains("shadowed by the one above") == true, "\(listed)")
        #expect(lines.contains { $0.contains("pacer-sink-lazy") && $0.contains("not executable") }, "\(listed)")
        #expect(lines.contains { $0.hasPrefix("  terminal") }, "the built-in sinks come first: \(listed)")

        let names = try await PacerProcess.run(["plugins", "--names"], in: sandbox, environment: environment)
        #expect(
            names.stdoutLines.starts(with: ["terminal", "log", "bell"]) && names.stdoutLines.contains("same")
                && !names.stdoutLines.contains("lazy"), "\(names)")

        let unknown = try await PacerProcess.run(["run", "small.json", "--sink", "sme"], in: sandbox, environment: environment)
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'same'?"), "\(unknown)")
    }

    @Test func aWorkoutFileCannotNameOrStartAPlugin() async throws {
        let sandbox = try Sandbox()
        let mark = sandbox.path("started.txt")
        _ = try Self.plugin("bin/pacer-sink-evil", "#!/bin/sh\ntouch '\(mark)'\n", in: sandbox)
        try sandbox.write(
            "evil.json",
            #"{"name": "Evil", "sinks": ["evil"], "plugins": ["exec:./bin/pacer-sink-evil"], "steps": [{"work": 1, "sink": "evil"}]}"#)
        let result = try await PacerProcess.run(
            ["run", "evil.json", "--speed", "100"], in: sandbox,
            environment: ["PATH": sandbox.path("bin") + ":/usr/bin:/bin"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.filter { $0.contains("unknown key") }.count == 3, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: mark), "nothing named in a workout file may run")
    }
}

/// The two complete plugins of docs/plugins.md do what the docs say.
@Suite("docs/plugins.md")
struct PluginDocsTests {
    /// The first code block of `language` after `heading` in docs/plugins.md.
    static func example(after heading: String, language: String) throws -> String {
        let docs = try String(contentsOf: PacerBinary.packageRoot.appendingPathComponent("docs/plugins.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: heading).dropFirst().first)
        let block = try #require(section.components(separatedBy: "```\(language)\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    @Test func theShellExampleNamesEachPhase() async throws {
        let sandbox = try Sandbox()
        let plugin = try PluginTests.plugin(
            "announce", try Self.example(after: "## A complete plugin in shell", language: "sh"), in: sandbox)
        let (result, _) = try await PluginTests.run(["exec:\(plugin)"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines == ["announce: now: Prepare", "announce: now: Go", "announce: now: Rest", "announce: now: Last"], "\(result)"
        )
    }

    @Test func thePythonExamplePausesWhenTheFileAppears() async throws {
        let sandbox = try Sandbox()
        let plugin = try PluginTests.plugin(
            "doorbell", try Self.example(after: "## A complete plugin in Python", language: "python"), in: sandbox)
        let bell = sandbox.path("ring")
        try sandbox.write("long.json", #"{"name": "Long", "steps": [{"work": 60}]}"#)
        let log = sandbox.path("long.log")
        let process = try await PacerProcess.startSession(
            ["run", "long.json", "--log", log, "--sink", "log", "--sink", "exec:\(plugin):file=\(bell)"],
            in: sandbox, log: log)
        try sandbox.write("ring", "")
        #expect(await eventually { EventLog.ifPresent(log)?.of("pause").count == 1 }, "the doorbell paused the session")
        #expect(!FileManager.default.fileExists(atPath: bell))
        process.send(SIGTERM)
        let result = await process.finish(timeout: 5)
        #expect(result.stderrLines.contains("doorbell: pause: done"), "\(result)")
    }
}
