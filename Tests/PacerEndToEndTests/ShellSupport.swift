import Foundation
import Testing

/// Programs the shell-manners tests run besides pacer: shells, groff, man.
enum Tool {
    /// The program's path if it is on `PATH`, or nil.
    static func find(_ name: String) -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs a program to its end in the sandbox (its folder and environment) and returns what it did.
    static func run(
        _ tool: URL, _ arguments: [String], in sandbox: Sandbox, environment: [String: String] = [:],
        timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> PacerResult {
        try await PacerProcess.run(
            arguments, in: sandbox, environment: environment, executable: tool, timeout: timeout,
            sourceLocation: sourceLocation)
    }
}

/// pacer's commands and each one's options, as its help lists them: what every other output must agree with.
struct HelpTable {
    let commands: [String]
    let options: [String: [String]]

    init(in sandbox: Sandbox) async throws {
        let overview = try await PacerProcess.run(["--help"], in: sandbox)
        commands = Self.firstWords(under: "Commands:", in: overview.stdout)
        var options: [String: [String]] = [:]
        for command in commands {
            let help = try await PacerProcess.run(["help", command], in: sandbox)
            options[command] = Self.firstWords(under: "Options:", in: help.stdout)
        }
        self.options = options
        #expect(commands.count >= 6 && options.values.allSatisfy { $0.contains("--help") }, "\(overview)")
    }

    /// The first word of each line of the indented block that follows `heading`.
    private static func firstWords(under heading: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != heading }.dropFirst()
        return lines.prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }
}
