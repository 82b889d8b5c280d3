import Foundation
import PacerCommands
import PacerSystem
import PacerUserFiles
import Testing

/// `pacer render`'s work, in-process: tones only, so that no speech engine is needed.
@Suite("rendering a workout")
struct WorkoutRenderTests {
    let folder = NSTemporaryDirectory() + "pacer-render-\(UUID().uuidString)"

    func render(_ workout: String, to name: String) throws -> (status: Int32, path: String) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let environment = Environment(["HOME": folder, "PATH": "/nonexistent"])
        let path = folder + "/" + name
        let status = WorkoutRender(
            workout: workout, library: WorkoutLibrary(environment: environment), output: path,
            speech: nil, environment: environment
        ).run()
        return (status, path)
    }

    @Test func tonesOnlyMakeAWAVOfThePlannedLength() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render("2x(2s work, 1s rest)", to: "tones.wav")
        #expect(result.status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: result.path)))
        #expect(bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WAVE".utf8))
        // 16-bit mono at 22,050 Hz: 6 s of sound is 264,600 bytes of samples, and the file holds
        // at least that (the last tone may ring on past the plan).
        #expect(bytes.count >= 44 + 6 * 22_050 * 2, "\(bytes.count) bytes")
        #expect(bytes.count < 44 + 9 * 22_050 * 2, "\(bytes.count) bytes")
    }

    @Test func aWorkoutThatCannotBeLoadedWritesNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render("no-such-workout", to: "none.wav")
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: result.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no temporary file is left behind")
    }
}
