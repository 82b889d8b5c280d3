import PacerFormats
import PacerFoundation
import PacerRuntime
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
    public init(_ reference: String, library: WorkoutLibrary) throws(CommandFailure) {
        let loaded = try CommandFailure.loading { () throws(WorkoutLoadError) in try WorkoutLoader.load(reference, library: library) }
        guard loaded.source.notation == nil else { throw .notationNotLaidOut }
        let yaml = try Self.yaml(loaded)
        guard loaded.imported == nil || yaml != nil else {
            throw .notWorkoutJSON(path: loaded.source.path, format: loaded.imported?.format)
        }
        let json = yaml ?? loaded.bytes
        guard let root = try? JSONParser.parse(json) else {
            throw .changedWhileRead(path: loaded.source.path)
        }
        if let inexact = WorkoutLayout.inexactNumber(in: root, source: json) {
            // The JSON a YAML file stands for has no lines of the file's own: its number is named, not placed.
            throw .inexactNumber(path: loaded.source.path, inexact, placed: yaml == nil)
        }
        source = loaded.source
        original = loaded.imported?.bytes ?? loaded.bytes
        warnings = loaded.warnings
        do throws(WorkoutErrors) {
            text = yaml == nil ? WorkoutLayout.text(of: root) : try PacerYAMLLayout.text(of: root)
        } catch {
            throw .workout(.invalid(file: loaded.source.path, problems: error.diagnostics))
        }
    }

    /// For a YAML workout in pacer's own format, the JSON it stands for (it is laid out as YAML); nil for any other file.
    private static func yaml(_ loaded: LoadedWorkout) throws(CommandFailure) -> [UInt8]? {
        guard let imported = loaded.imported, imported.format == .yaml else { return nil }
        do throws(WorkoutErrors) {
            return try PacerYAMLLayout.json(of: imported.bytes)
        } catch {
            throw .workout(.invalid(file: loaded.source.path, problems: error.diagnostics))
        }
    }

    public var changes: Bool { Array(text.utf8) != original }

    /// Replaces the file with its laid-out text, if that differs.
    public func write() throws(CommandFailure) {
        guard changes else { return }
        guard source.isFile else { throw .notRewritable(path: source.path, name: source.name) }
        do throws(FileError) {
            try ReplacementFile.write(Array(text.utf8), to: source.path)
        } catch {
            throw .unwritten(path: source.path, error)
        }
    }
}
