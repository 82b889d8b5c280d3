import Foundation
import Glibc
import Testing

/// How plugins are named, and what pacer says when one cannot be named or started: every message
/// points at the cause and its remedy, not at a symptom.
@Suite("plugin naming")
struct PluginNamingTests {
    @Test func aPluginWhoseNameNoSinkCanHaveIsListedAsSuchAndNotOffered() async throws {
        let sandbox = try Sandbox()
        _ = try PluginTests.plugin("bin/pacer-sink-a b", "#!/bin/sh\nexec cat >/dev/null\n", in: sandbox)
        let environment = ["PATH": sandbox.path("bin") + ":/usr/bin:/bin"]
        let listed = try await PacerProcess.run(["plugins"], in: sandbox, environment: environment)
        let line = listed.stdoutLines.first { $0.contains("pacer-sink-a b") }
        #expect(line?.contains("cannot be named with --sink: rename it") == true, "\(listed)")
        let names = try await PacerProcess.run(["plugins", "--names"], in: sandbox, environment: environment)
        #expect(names.status == 0 && !names.stdoutLines.contains("a b"), "\(names)")
    }

    @Test func aPluginThatIsNotExecutableIsSaidToBeSoWithTheFix() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("bin/pacer-sink-noexec", "#!/bin/sh\nexec cat >/dev/null\n")
        chmod(path, 0o644)
        try sandbox.write("small.json", PluginTests.workout)
        let byName = try await PacerProcess.run(
            ["run", "small.json", "--sink", "noexec"], in: sandbox,
            environment: ["PATH": sandbox.path("bin") + ":/usr/bin:/bin"])
        #expect(
            byName.status == 2 && byName.stderr.contains("the plugin \(path) is not executable; make it so with: chmod +x \(path)"),
            "\(byName)")
        #expect(!byName.stderr.contains("did you mean"), "\(byName)")
        let byPath = try await PacerProcess.run(["run", "small.json", "--sink", "exec:\(path)"], in: sandbox)
        #expect(byPath.status == 2 && byPath.stderr.contains("chmod +x \(path)"), "\(byPath)")
    }

    @Test func aMissingInterpreterIsNamed() async throws {
        let sandbox = try Sandbox()
        let plugin = try PluginTests.plugin("orphan", "#!/nonexistent/python -u\nprint('hi')\n", in: sandbox)
        let (result, log) = try await PluginTests.run(["exec:\(plugin)"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        _ = try RunTests.checkLog(log, outcome: "completed")
        #expect(result.stderr.contains("the interpreter named on its #! line, /nonexistent/python, is missing"), "\(result)")
        #expect(!result.stderr.contains("No such file or directory"), "\(result)")
    }

    @Test func anExecPathWithAColonIsWrittenWithTwo() async throws {
        let sandbox = try Sandbox()
        let told = sandbox.path("told.txt")
        _ = try PluginTests.plugin("odd:folder/plugin", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(told)'\nexec cat >/dev/null\n", in: sandbox)
        let (result, _) = try await PluginTests.run(["exec:\(sandbox.path("odd::folder/plugin")):greeting=a:b"], in: sandbox)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try String(contentsOfFile: told, encoding: .utf8) == "greeting=a:b\n")

        // One colon still ends the path, and the message says how to write one that is part of it.
        let (cut, _) = try await PluginTests.run(["exec:\(sandbox.path("odd:folder/plugin"))"], in: sandbox)
        #expect(cut.status == 2 && cut.stderr.contains("exec:PATH:KEY=VALUE; a ':' in the path is written '::'"), "\(cut)")
    }
}
