import Foundation
import Testing

/// Where a pacer binary finds the plugins that ship with it: from where the binary is, never from
/// where it was built.
@Suite("shipped plugin discovery")
struct ShippedPluginDiscoveryTests {
    @Test func aCopiedBinaryFindsNoCheckoutAndAnInstalledOneFindsItsLibexec() async throws {
        let sandbox = try Sandbox()
        let environment = ["PATH": "/usr/bin:/bin"]
        let checkoutPlugins = PacerBinary.packageRoot.appendingPathComponent("Plugins").path

        let elsewhere = try await Self.copy(to: "elsewhere/pacer", in: sandbox)
        let copied = try await PacerProcess.run(["plugins"], in: sandbox, environment: environment, executable: elsewhere)
        #expect(copied.status == 0 && copied.stdout.contains("Built-in sinks:"), "\(copied)")
        #expect(
            !copied.stdout.contains(checkoutPlugins) && !copied.stdoutLines.contains { $0.hasSuffix("shipped with pacer") }, "\(copied)")

        // PREFIX/bin/pacer finds PREFIX/libexec/pacer/plugins/NAME/pacer-sink-NAME, as scripts/install lays them out.
        let installed = try await Self.copy(to: "prefix/bin/pacer", in: sandbox)
        let hello = try PluginTests.plugin(
            "prefix/libexec/pacer/plugins/hello/pacer-sink-hello", "#!/bin/sh\nexec cat >/dev/null\n", in: sandbox)
        let listed = try await PacerProcess.run(["plugins"], in: sandbox, environment: environment, executable: installed)
        let line = listed.stdoutLines.first { $0.hasPrefix("  hello ") }
        #expect(line?.contains(hello) == true && line?.hasSuffix("shipped with pacer") == true, "\(listed)")
        #expect(!listed.stdout.contains(checkoutPlugins), "\(listed)")
    }

    /// A copy of the built pacer at `name` in the sandbox, made by cp: a file this process held open
    /// for writing could be inherited by a child another test forks, and would then not run (ETXTBSY).
    static func copy(to name: String, in sandbox: Sandbox) async throws -> URL {
        let copy = sandbox.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        let copied = try await Tool.run(try #require(Tool.find("cp")), [PacerBinary.path, copy.path], in: sandbox)
        #expect(copied.status == 0, "\(copied)")
        return copy
    }
}
