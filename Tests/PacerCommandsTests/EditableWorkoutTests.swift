import Foundation
import PacerCommands
import PacerSystem
import PacerUserFiles
import Testing

/// Issue 41, item 14: `pacer edit` opened another app's file as JSON, and took hills.erg for hills
/// though hills.json lay beside it.
@Suite("edit: which file")
struct EditableWorkoutTests {
    let folder = NSTemporaryDirectory() + "pacer-editable-\(UUID().uuidString)"
    var environment: Environment { Environment(["HOME": folder, "XDG_CONFIG_HOME": folder + "/config"]) }
    var workouts: String { folder + "/config/pacer/workouts" }
    /// PERCENT rows: an MRC course, whatever its extension says.
    static let erg = "[COURSE HEADER]\nMINUTES PERCENT\n[END COURSE HEADER]\n[COURSE DATA]\n0 50\n5 50\n[END COURSE DATA]\n"

    private func editable(_ reference: String) -> Result<String, CommandFailure> {
        Result { () throws(CommandFailure) in try WorkoutFile.editable(reference, environment: environment) }
    }

    @Test func aNameMeansTheWorkoutFileBesideAnotherAppsFileOfThatName() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: workouts, withIntermediateDirectories: true)
        try Self.erg.write(toFile: workouts + "/hills.erg", atomically: true, encoding: .utf8)
        try #"{"name": "Hills", "steps": [{"work": "5m"}]}"#.write(toFile: workouts + "/hills.json", atomically: true, encoding: .utf8)
        #expect(try editable("hills").get() == workouts + "/hills.json")
        let library = WorkoutLibrary(environment: environment)
        #expect(try library.locate("hills").path == workouts + "/hills.json", "run and show read the same file")
    }

    @Test func anotherAppsFileIsRefusedWithTheImportThatMakesItEditable() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: workouts, withIntermediateDirectories: true)
        try Self.erg.write(toFile: workouts + "/hills.erg", atomically: true, encoding: .utf8)
        guard case .failure(let error) = editable("hills") else {
            Issue.record("an ERG file was opened to edit")
            return
        }
        guard case .notEditable(path: workouts + "/hills.erg", format: .mrc, json: workouts + "/hills.json", name: "hills") = error else {
            Issue.record("not .notEditable: \(error)")
            return
        }
        #expect(
            error.lines == [
                "pacer: \(workouts)/hills.erg is an MRC course file, which edit cannot change: 'pacer import \(workouts)/hills.erg -o \(workouts)/hills.json' writes it as a workout file, which 'pacer edit hills' then opens"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: workouts) == ["hills.erg"], "no copy is left beside it")
    }
}
