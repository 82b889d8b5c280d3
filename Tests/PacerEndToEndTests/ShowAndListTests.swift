import Foundation
import Glibc
import Testing

/// `pacer show` and `pacer list` where a process is the point: an installed copy's built-in
/// workouts, a FIFO on the search path, standard input, a run of what `show` found (the rest is
/// tested in-process, in PacerCommandsTests).
@Suite("show, list and the search path")
struct ShowAndListTests {
    @Test func anInstalledCopyStillHasTheBuiltInWorkouts() async throws {
        let sandbox = try Sandbox()
        let installed = sandbox.directory.appendingPathComponent("prefix/bin/pacer")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try PacerBinary.require(), to: installed)
        let elsewhere = sandbox.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

        let process = try await PacerProcess(
            ["show", "tabata"], environment: sandbox.environment(), directory: elsewhere, executable: installed)
        let show = await process.finish()
        #expect(show.status == 0, "\(show)")
        #expect(show.stdoutLines.first == "Tabata  (<built-in>/tabata.json)", "\(show)")
        #expect(show.stdoutLines.last?.firstMatch(of: /^  total +17 phases +6m$/) != nil, "\(show)")

        let list = await (try await PacerProcess(["list"], environment: sandbox.environment(), directory: elsewhere, executable: installed))
            .finish()
        #expect(list.status == 0, "\(list)")
        // The workouts folder of the package, in list's order (by file name), is what ships built in.
        let shipped = try FileManager.default.contentsOfDirectory(atPath: PacerBinary.packageRoot.appendingPathComponent("workouts").path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted().map { String($0.dropLast(5)) }
        #expect(list.stdoutLines.dropFirst().map { String($0.prefix { $0 != " " }) } == shipped, "\(list)")
    }

    // Issue 7, item 17: `pacer list` hung on a `*.json` FIFO on the search path.
    @Test func aFIFOOnTheSearchPathIsListedAsBrokenWithoutWaiting() async throws {
        let sandbox = try Sandbox()
        try #require(mkfifo(sandbox.path("pacer-path/fifo.json"), 0o600) == 0)
        try sandbox.write("pacer-path/fine.json", #"{"name": "Fine", "steps": [{"work": 5}]}"#)
        let result = try await PacerProcess.run(["list"], in: sandbox, timeout: 5)
        #expect(result.status == 0, "\(result)")
        #expect(result.secondsUnstalled < 2, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("fifo ") && $0.contains("broken: 1 problem") }, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("fine ") && $0.contains("0:05") }, "\(result)")

        let show = try await PacerProcess.run(["show", "fifo"], in: sandbox, timeout: 5)
        #expect(show.status == 1 && show.stderr.contains("it is a FIFO, not a regular file"), "\(show)")
    }

    @Test func aWorkoutInPacerPathShadowsTheBuiltInOneForRunToo() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(
            "pacer-path/tabata.json", #"{"name": "My Tabata", "steps": [{"work": 2, "name": "Mine"}, {"rest": 1}]}"#)
        let log = sandbox.path("run.log")
        let run = try await PacerProcess.run(["run", "tabata", "--speed", "100", "--log", log], in: sandbox)
        #expect(run.status == 0, "\(run)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        let start = try #require(events.events.first)
        #expect(start.string("workout") == "My Tabata" && start.string("file") == file && start.int("phases") == 2, "\(start)")
        #expect(events.of("phase.start").compactMap { $0.string("name") } == ["Mine", "Rest"], "\(events)")
    }
}

/// `pacer show --json` of a workout on standard input.
@Suite("show --json")
struct ShowJSONTests {
    @Test func showJSONOfABrokenWorkoutPrintsOnlyItsErrors() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["show", "--json", "-"], in: sandbox, stdin: .text(#"{"name": "x", "steps": []}"#))
        #expect(
            result.status == 1 && result.stdout.isEmpty && result.stderr.contains("<stdin>: error: at steps: must not be empty"),
            "\(result)")
    }
}
