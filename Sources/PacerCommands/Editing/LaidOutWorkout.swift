import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// A valid workout file and its text in the canonical layout.
public struct LaidOutWorkout {
    public let source: WorkoutSource
    let original: [UInt8]
    public let text: String
    /// What is probably a mistake in the file, as lines for standard error.
    public let warnings: [String]

    /// Reads and checks the workout; a file with errors is refused with them.
    public init(_ reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) {
        let loaded = try WorkoutLoader.load(reference, library: library)
        guard loaded.source.notation == nil else {
            throw WorkoutLoadError(lines: ["pacer: fmt lays out workout files; for the JSON a line of notation stands for, use pacer new NAME LINE"])
        }
        guard loaded.importedFrom == nil else {
            throw WorkoutLoadError(lines: ["pacer: \(loaded.source.path) is not a workout's JSON but \(loaded.importedFrom?.title ?? "another app's file"); pacer import \(loaded.source.path) writes it as one"])
        }
        guard let root = try? JSONParser.parse(loaded.bytes) else {
            throw WorkoutLoadError(lines: ["\(loaded.source.path): error: the file changed while it was read"])
        }
        if let inexact = WorkoutLayout.inexactNumber(in: root, source: loaded.bytes) {
            throw WorkoutLoadError(lines: ["\(loaded.source.path):\(inexact.position): error: \(inexact.message)"])
        }
        source = loaded.source
        original = loaded.bytes
        warnings = loaded.warnings
        text = WorkoutLayout.text(of: root)
    }

    public var changes: Bool { Array(text.utf8) != original }

    /// Replaces the file with its laid-out text, if that differs.
    public func write() throws(WorkoutLoadError) {
        guard changes else { return }
        guard source.isFile else {
            throw WorkoutLoadError(lines: ["pacer: \(source.path) is not a file that can be rewritten; pacer fmt \(source.name) > FILE writes it elsewhere"])
        }
        do throws(FileError) {
            try ReplacementFile.write(Array(text.utf8), to: source.path)
        } catch {
            throw WorkoutLoadError(lines: ["\(source.path): error: \(error.description)"])
        }
    }
}
