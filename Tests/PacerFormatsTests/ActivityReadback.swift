import Foundation
import Testing

/// Reads written activities back with outside tools: FIT with Garmin's SDK and fitdecode
/// (scripts/activity-readback.py), TCX with xmllint against Garmin's published schemas.
enum ActivityReadback {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What each reader found in a FIT file: the SDK's messages by name, and fitdecode's count of
    /// each message.
    struct FIT {
        let messages: [String: [[String: Any]]]
        let counts: [String: Int]

        func all(_ name: String) -> [[String: Any]] { messages[name] ?? [] }
        func one(_ name: String) throws -> [String: Any] { try #require(all(name).first, "no \(name) message") }
    }

    static func fit(_ bytes: [UInt8]) throws -> FIT {
        let file = try temporary(bytes, extension: "fit")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try self.run("/usr/bin/env", ["python3", root.appendingPathComponent("scripts/activity-readback.py").path, file.path])
        try #require(run.status == 0 && run.stderr.isEmpty, "scripts/test installs garmin-fit-sdk and fitdecode: \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return FIT(
            messages: try #require(object["sdk"] as? [String: [[String: Any]]]), counts: try #require(object["fitdecode"] as? [String: Int])
        )
    }

    /// xmllint's verdict on a TCX text against TrainingCenterDatabase v2 with ActivityExtension v2.
    static func validate(_ text: String) throws -> (status: Int32, stderr: String) {
        let file = try temporary(Array(text.utf8), extension: "tcx")
        defer { try? FileManager.default.removeItem(at: file) }
        let schema = root.appendingPathComponent("Tests/Fixtures/TCX/TCXWithActivityExtension.xsd").path
        let run = try self.run("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, file.path])
        return (run.status, run.stderr)
    }

    private static func temporary(_ bytes: [UInt8], extension name: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("activity-\(UUID().uuidString).\(name)")
        try Data(bytes).write(to: file)
        return file
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = try temporary([], extension: "out")
        let errors = try temporary([], extension: "err")
        defer { [output, errors].forEach { try? FileManager.default.removeItem(at: $0) } }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: errors, encoding: .utf8))
    }
}
