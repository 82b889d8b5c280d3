import Foundation

/// A fresh folder under /tmp for one test: the working directory of every pacer it runs, and home to
/// its HOME, XDG config, state and runtime folders and `$PACER_PATH`, so nothing touches the real home.
/// Removed when the test lets go of it.
final class Sandbox: Sendable {
    let directory: URL
    /// `$PACER_PATH`: an empty folder until a test puts workouts in it.
    let pacerPath: URL
    let home: URL
    let config: URL
    let state: URL
    /// `$XDG_RUNTIME_DIR`: private, as the XDG spec has it; plugins keep their FIFOs and files in `pacer/`.
    let runtime: URL

    init() throws {
        directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("pacer-e2e-\(UUID().uuidString)", isDirectory: true)
        home = directory.appendingPathComponent("home", isDirectory: true)
        config = directory.appendingPathComponent("home/config", isDirectory: true)
        state = directory.appendingPathComponent("home/state", isDirectory: true)
        pacerPath = directory.appendingPathComponent("pacer-path", isDirectory: true)
        runtime = directory.appendingPathComponent("runtime", isDirectory: true)
        for folder in [directory, home, config, state, pacerPath] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment pacer runs with: only what it needs, pointing into the sandbox, plus `extra`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CONFIG_HOME": config.path,
            "XDG_STATE_HOME": state.path,
            "XDG_RUNTIME_DIR": runtime.path,
            "PACER_PATH": pacerPath.path,
            "LANG": "C.UTF-8",
        ]
        variables.merge(extra) { _, new in new }
        return variables
    }

    /// Writes `text` to `name` inside the sandbox (creating folders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// A path inside the sandbox.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
