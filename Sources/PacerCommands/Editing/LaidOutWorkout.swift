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
    public init(_ reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) {
        let loaded = try WorkoutLoader.load(reference, library: library)
        guard loaded.source.notation == nil else {
            throw WorkoutLoadError(lines: [
                "pacer: fmt lays out workout files; for the JSON a line of notation stands for, use pacer new NAME LINE"
            ])
        }
        let yaml = try Self.yaml(loaded)
        guard loaded.imported == nil || yaml != nil else {
            throw WorkoutLoadError(lines: [
                "pacer: \(loaded.source.path) is not a workout's JSON but \(loaded.imported?.format.title ?? "another app's file"); pacer import \(loaded.source.path) writes it as one"
            ])
        }
        let json = yaml ?? loaded.bytes
        guard let root = try? JSONParser.parse(json) else {
            throw WorkoutLoadError(lines: ["\(loaded.source.path): error: the file changed while it was read"])
        }
        if let inexact = WorkoutLayout.inexactNumber(in: root, source: json) {
            // The JSON a YAML file stands for has no lines of the file's own: its number is named, not placed.
            throw WorkoutLoadError(lines: ["\(loaded.source.path)\(yaml == nil ? ":\(inexact.position)" : ""): error: \(inexact.message)"])
        }
        source = loaded.source
        original = loaded.imported?.bytes ?? loaded.bytes
        warnings = loaded.warnings
        do throws(WorkoutErrors) {
            text = yaml == nil ? WorkoutLayout.text(of: root) : try PacerYAMLLayout.text(of: root)
        } catch {
            throw WorkoutLoadError(lines: error.diagnostics.map { $0.formatted(file: loaded.source.path) })
        }
    }

    /// For a YAML workout in pacer's own format, the JSON it stands for (it is laid out as YAML); nil for any other file.
    private static func yaml(_ loaded: LoadedWorkout) throws(WorkoutLoadError) -> [UInt8]? {
        guard let imported = loaded.imported, imported.format == .yaml else { return nil }
        do throws(WorkoutErrors) {
            return try PacerYAMLLayout.json(of: imported.bytes)
        } catch {
            throw WorkoutLoadError(lines: error.diagnostics.map { $0.formatted(file: loaded.source.path) })
        }
    }

    public var changes: Bool { Array(text.utf8) != original }

    /// Replaces the file with its laid-out text, if that differs.
    public func write() throws(WorkoutLoadError) {
        guard changes else { return }
        guard source.isFile else {
            throw WorkoutLoadError(lines: [
                "pacer: \(source.path) is not a file that can be rewritten; pacer fmt \(source.name) > FILE writes it elsewhere"
            ])
        }
        do throws(FileError) {
            try ReplacementFile.write(Array(text.utf8), to: source.path)
        } catch {
            throw WorkoutLoadError(lines: ["\(source.path): error: \(error.description)"])
        }
    }
}
