import Foundation
import Testing

/// Issue 19, item 4: a command sets up only what it needs. `--version`, `help` and `completions`
/// read no config, find no plugins, open no history and search no workout folder; each of those
/// is a trap here (a FIFO that would block a reader, a history that is a folder, a workout folder
/// that is a file), and `pacer run` shows that the traps work.
@Suite("lazy set-up")
struct LazySetupTests {
    private static func trappedSandbox() throws -> (Sandbox, [String: String]) {
        let sandbox = try Sandbox()
        let pacer = sandbox.config.appendingPathComponent("pacer").path
        try FileManager.default.createDirectory(atPath: pacer + "/plugins", withIntermediateDirectories: true)
        #expect(mkfifo(pacer + "/config.json", 0o600) == 0)
        #expect(mkfifo(pacer + "/plugins/pacer-sink-trap", 0o700) == 0)
        try "not a folder".write(toFile: pacer + "/workouts", atomically: true, encoding: .utf8)
        let history = sandbox.path("history-folder")
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        return (sandbox, ["PACER_HISTORY": history, "PACER_PATH": sandbox.path("no-such-folder")])
    }

    @Test(arguments: [
        ["--version"], ["help"], ["help", "run"], ["run", "--help"], ["completions", "bash"], ["completions", "fish"], ["help", "--man"],
    ])
    func aCommandThatNeedsNothingTouchesNothing(_ arguments: [String]) async throws {
        let (sandbox, environment) = try Self.trappedSandbox()
        let result = try await PacerProcess.run(arguments, in: sandbox, environment: environment, timeout: 5)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(!result.stdout.isEmpty, "\(result)")
    }

    @Test func theTrapsWork() async throws {
        let (sandbox, environment) = try Self.trappedSandbox()
        let result = try await PacerProcess.run(["run", "tabata", "--speed", "100"], in: sandbox, environment: environment, timeout: 15)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("config"), "\(result)")
    }
}
