import Foundation
import Glibc
import PacerCommands
import PacerSystem

/// A home of its own for in-process calls of `pacer`: HOME, the XDG folders and `$PACER_PATH` in a
/// fresh folder under the temporary one, removed when the test lets go of it.
final class CommandLineHome: Sendable {
    /// The package root, four levels up from `Tests/PacerCommandsTests/CommandLine/PacerCall.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // CommandLine
        .deletingLastPathComponent() // PacerCommandsTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // the package

    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "pacer-command-line-\(UUID().uuidString)"
        for folder in ["config", "state", "data", "pacer-path"] {
            try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(
            atPath: path + "/runtime", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The environment `pacer` is called with: only what it needs, pointing into the home, plus `extra`;
    /// its `./workouts` is the home's `workouts` folder.
    func environment(_ extra: [String: String] = [:]) -> Environment {
        var environment = Environment(
            [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": path,
                "XDG_CONFIG_HOME": path + "/config",
                "XDG_STATE_HOME": path + "/state",
                "XDG_DATA_HOME": path + "/data",
                "XDG_RUNTIME_DIR": path + "/runtime",
                "PACER_PATH": path + "/pacer-path",
                "LANG": "C.UTF-8",
            ].merging(extra) { $1 })
        environment.localWorkouts = path + "/workouts"
        return environment
    }

    /// `pacer ARGUMENTS` as main.swift calls it, with what it wrote captured.
    func call(_ arguments: [String], environment extra: [String: String] = [:]) -> PacerCall {
        let environment = environment(extra)
        let start = Self.threadCPUSeconds()
        let result = Output.capturing { Pacer.main(arguments, environment: environment) }
        return PacerCall(
            arguments: arguments, status: result.status, stdout: result.output, stderr: result.error,
            cpuSeconds: Self.threadCPUSeconds() - start)
    }

    /// The CPU time of the calling thread, which runs the command: unlike the wall clock, a loaded machine does not stretch it.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A path inside the home.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name` inside the home (creating folders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    /// Writes `data` to `name` inside the home (creating folders) and returns its path.
    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let file = file(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// What one in-process call of `pacer` did: its exit status and what it wrote.
struct PacerCall: CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stdout: String
    let stderr: String
    /// The CPU time the command took, on the thread that ran it.
    let cpuSeconds: Double

    /// The non-empty lines of standard output.
    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    /// The non-empty lines of standard error.
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    var description: String {
        "pacer \(arguments.joined(separator: " ")) → status \(status)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)---"
    }
}

extension PacerCall {
    /// `pacer ARGUMENTS` in a home of its own, for calls that need nothing in it.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        self = try CommandLineHome().call(arguments, environment: environment)
    }
}
