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

        let elsewhere = sandbox.directory.appendingPathComponent("elsewhere/pacer")
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PacerBinary.path, toPath: elsewhere.path)
        let copied = try await PacerProcess.run(["plugins"], in: sandbox, environment: environment, executable: elsewhere)
        #expect(copied.status == 0 && copied.stdout.contains("Built-in sinks:"), "\(copied)")
        #expect(!copied.stdout.contains(checkoutPlugins) && !copied.stdoutLines.contains { $0.hasSuffix("shipped with pacer") }, "\(copied)")

        // PREFIX/bin/pacer finds PREFIX/libexec/pacer/plugins/NAME/pacer-sink-NAME, as scripts/install lays them out.
        let installed = sandbox.directory.appendingPathComponent("prefix/bin/pacer")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PacerBinary.path, toPath: installed.path)
        let hello = try PluginTests.plugin("prefix/libexec/pacer/plugins/hello/pacer-sink-hello", "#!/bin/sh\nexec cat >/dev/null\n", in: sandbox)
        let listed = try await PacerProcess.run(["plugins"], in: sandbox, environment: environment, executable: installed)
        let line = listed.stdoutLines.first { $0.hasPrefix("  hello ") }
        #expect(line?.contains(hello) == true && line?.hasSuffix("shipped with pacer") == true, "\(listed)")
        #expect(!listed.stdout.contains(checkoutPlugins), "\(listed)")
    }
}
