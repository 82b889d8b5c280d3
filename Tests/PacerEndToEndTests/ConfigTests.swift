import Foundation
import Testing

/// `$XDG_CONFIG_HOME/pacer/config.json`: the user's defaults for `pacer run`.
@Suite("config file")
struct ConfigTests {
    static let workout = #"{"name": "Tiny", "steps": [{"work": 2}, {"rest": 1}]}"#

    @Test func theConfigsSinksAndLogAreUsedWhenTheCommandLineNamesNone() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("tiny.json", Self.workout)
        let log = sandbox.path("from-config.jsonl")
        try sandbox.write("home/config/pacer/config.json", #"{"sinks": ["log"], "log": "\#(log)", "history": false}"#)
        let result = try await PacerProcess.run(["run", "tiny.json", "--speed", "100"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "only the log was asked for: \(result)")
        _ = try RunTests.checkLog(log, outcome: "completed")
        #expect(
            !FileManager.default.fileExists(atPath: sandbox.path("home/.local/share/pacer/history.sqlite3")), "history off in the config")

        // The command line wins.
        let other = sandbox.path("from-command-line.jsonl")
        let overridden = try await PacerProcess.run(
            ["run", "tiny.json", "--speed", "100", "--sink", "terminal", "--log", other], in: sandbox)
        #expect(overridden.status == 0 && overridden.summaryLine?.hasPrefix("Workout complete.") == true, "\(overridden)")
        _ = try RunTests.checkLog(other, outcome: "completed")
    }

    @Test func aBrokenConfigStopsTheRunWithEveryProblemAndItsPosition() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("tiny.json", Self.workout)
        try sandbox.write("home/config/pacer/config.json", "{\n  \"snks\": [\"terminal\"],\n  \"bell\": 1\n}\n")
        let result = try await PacerProcess.run(["run", "tiny.json", "--speed", "100"], in: sandbox)
        // The home folder is shown as ~, as people read paths.
        let path = "~/config/pacer/config.json"
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines == [
                "\(path):2:11: error: unknown key \"snks\" (did you mean \"sinks\"?)",
                "\(path):3:11: error: \"bell\" must be true or false, not a number",
                "pacer: fix \(path) (see docs/config.md) and run again",
            ], "\(result)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result)")
    }

    @Test func anUnknownSinkInTheConfigIsNamedAsComingFromIt() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("tiny.json", Self.workout)
        try sandbox.write("home/config/pacer/config.json", #"{"sinks": ["terminal", "lgo"]}"#)
        let result = try await PacerProcess.run(["run", "tiny.json", "--speed", "100"], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.contains("in the config's \"sinks\": unknown sink 'lgo'") && result.stderr.contains("did you mean 'log'?"),
            "\(result)")
    }
    // Issue 15, item 17: relative "log" and exec:./hook resolved against the current folder, so
    // the config ran whatever ./hook was where pacer was started.
    @Test func relativePathsInTheConfigAreTakenFromItsFolder() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("tiny.json", Self.workout)
        let marker = sandbox.path("hook-ran")
        let hook = try sandbox.write("home/config/pacer/hook", "#!/bin/sh\ntouch '\(marker)'\nexec cat > /dev/null\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        // A ./hook where pacer starts that must never run.
        let planted = try sandbox.write("hook", "#!/bin/sh\ntouch '\(sandbox.path("planted-ran"))'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: planted)
        try sandbox.write("home/config/pacer/config.json", #"{"sinks": ["log", "exec:./hook"], "log": "standing.jsonl", "history": false}"#)
        let result = try await PacerProcess.run(["run", "tiny.json", "--speed", "100"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        _ = try RunTests.checkLog(sandbox.path("home/config/pacer/standing.jsonl"), outcome: "completed")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("standing.jsonl")), "not beside where pacer started")
        #expect(FileManager.default.fileExists(atPath: marker), "the config's own hook ran")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("planted-ran")), "the ./hook of the current folder did not")
    }

    // Issue 15, item 17: a config that is a link in a loop was silently ignored; a huge one spoke
    // of "a workout file".
    @Test func aConfigThatCannotBeReadIsNeverTakenForNone() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("tiny.json", Self.workout)
        let config = sandbox.path("home/config/pacer/config.json")
        try FileManager.default.createDirectory(atPath: sandbox.path("home/config/pacer"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: config)
        let looped = try await PacerProcess.run(["run", "tiny.json", "--speed", "100"], in: sandbox)
        #expect(looped.status == 1 && looped.stderr.contains("config.json"), "\(looped)")
        #expect(looped.stdout.isEmpty, "nothing ran: \(looped)")
        try FileManager.default.removeItem(atPath: config)
        try sandbox.write("home/config/pacer/config.json", "{" + String(repeating: " ", count: 2 << 20) + "}")
        let huge = try await PacerProcess.run(["run", "tiny.json", "--speed", "100"], in: sandbox)
        #expect(huge.status == 1 && huge.stderr.contains("MiB the config file may have"), "\(huge)")
    }
}
