import Foundation
import Glibc
import Testing

/// Few file descriptors (`ulimit -n` in a child shell): pacer refuses to start with a message, or
/// starts without the plugins that do not fit, and never traps or freezes its clock.
@Suite("descriptor limits")
struct DescriptorLimitTests {
    /// Runs `pacer ARGUMENTS` under `ulimit -n LIMIT` in a child shell.
    private static func run(_ arguments: String, limit: Int, in sandbox: Sandbox) async throws -> PacerResult {
        let pacer = try PacerBinary.require().path
        return try await PacerProcess.run(
            ["-c", "exec < /dev/null; ulimit -n \(limit); exec '\(pacer)' \(arguments)"], in: sandbox,
            executable: URL(fileURLWithPath: "/bin/sh"), timeout: 20)
    }

    // Issue 15, item 5: with `ulimit -n 9` the clock froze until SIGTERM, then every phase fired at once.
    @Test func tooFewDescriptorsForTheSessionIsAClearErrorAtTheStart() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "countdown": 0, "steps": [{"work": 1}, {"work": 1}]}"#)
        let log = sandbox.path("short.log")
        let result = try await Self.run("run short.json --speed 10 --log '\(log)'", limit: 9, in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("ulimit -n is 9") && result.stderr.contains("raise the limit"), "\(result)")
        #expect(EventLog.ifPresent(log) == nil, "nothing was started, so nothing was logged")
    }

    // Issue 15, item 5: `ulimit -n 40` with 11 plugins ended in SIGILL, without `session.end`.
    @Test(arguments: [20, 30, 40])
    func pluginsThatDoNotFitAreLeftOutAndTheSessionRuns(limit: Int) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "countdown": 0, "steps": [{"work": 1}, {"work": 1}]}"#)
        var sinks = ""
        for number in 1...11 {
            let plugin = try sandbox.write("pacer-sink-p\(number)", "#!/bin/sh\nexec cat > /dev/null\n")
            try #require(chmod(plugin, 0o755) == 0)
            sinks += " --sink 'exec:\(plugin)'"
        }
        let log = sandbox.path("short.log")
        let result = try await Self.run("run short.json --speed 10 --log '\(log)' --sink history\(sinks)", limit: limit, in: sandbox)
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        let starts = events.of("phase.start").map(\.t)
        #expect(starts.count == 2 && starts[1] - starts[0] >= 0.09, "the clock ran: \(starts)")
        let leftOut = result.stderrLines.filter { $0.contains("cannot start the pacer-sink-p") }
        #expect(!leftOut.isEmpty && leftOut.allSatisfy { $0.contains("the session goes on without it") }, "\(result)")
        // The history is a recorder: made before any plugin, it is never what is left out.
        #expect(!result.stderr.contains("history sink failed"), "\(result)")
    }
}
