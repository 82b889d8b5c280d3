import Foundation
import PacerCommands
import PacerSystem
import PacerUserFiles
import Testing

/// `pacer fmt`'s work on one file, in-process.
@Suite("a workout laid out")
struct LaidOutWorkoutTests {
    let folder = NSTemporaryDirectory() + "pacer-fmt-\(UUID().uuidString)"

    func laidOut(_ text: String) throws -> LaidOutWorkout {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/w.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try LaidOutWorkout(path, library: WorkoutLibrary(environment: Environment(["HOME": folder])))
    }

    @Test func aFileIsLaidOutAndWrittenOnlyWhenItChanges() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let messy = try laidOut(#"{"steps":[{"work":30,"name":"Squat"}],"name":"Legs"}"#)
        #expect(messy.changes)
        #expect(messy.text.hasPrefix("{\n  \"name\": \"Legs\",\n"), "\(messy.text)")
        try messy.write()
        let again = try laidOut(String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/w.json")), as: UTF8.self))
        #expect(!again.changes, "a laid-out file stays as it is")
    }

    @Test func aNumberPacerCannotKeepIsRefusedWhereItIs() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = try #require(throws: CommandFailure.self) {
            try laidOut("{\"name\": \"Heavy\",\n  \"steps\": [{\"reps\": 1, \"name\": \"Lift\", \"weight\": 12345678901234567890123}]}\n")
        }
        guard case .inexactNumber(path: folder + "/w.json", let number, placed: true) = error else {
            Issue.record("not .inexactNumber: \(error)")
            return
        }
        #expect(number.written == "12345678901234567890123")
        #expect(error.lines.first?.contains("w.json:2:51: error: the number 12345678901234567890123") == true, "\(error.lines)")
    }
}
