import Foundation
import Testing

/// A FIT file as Garmin's own SDK reads it (scripts/fit-readback.py): `file_id`, `workout` and the
/// steps as written.
enum FITReadback {
    static func read(_ path: String, in home: CommandLineHome) throws -> [String: Any] {
        let script = CommandLineHome.packageRoot.appendingPathComponent("scripts/fit-readback.py").path
        let output = try home.write("readback-\(UUID().uuidString).out", "")
        let errors = try home.write("readback-\(UUID().uuidString).err", "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, path]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        process.waitUntilExit()
        let (stdout, stderr) = (try String(contentsOfFile: output, encoding: .utf8), try String(contentsOfFile: errors, encoding: .utf8))
        #expect(
            process.terminationStatus == 0 && stderr.isEmpty,
            "garmin-fit-sdk (pip install garmin-fit-sdk; scripts/test installs it): \(stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
    }
}
