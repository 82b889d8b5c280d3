import PacerFormats
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout

extension WorkoutFile {
    /// Edits the workout file at `path` in the user's editor, saving only a valid workout.
    public static func edit(_ path: String, environment: Environment) throws(CommandFailure) -> Int32 {
        let edit = CheckedEdit(
            path: path, original: try WorkoutFile.read(path), template: [], command: "pacer edit", limit: WorkoutDecoder.maximumFileSize,
            problems: { bytes, copy in
                do throws(WorkoutErrors) {
                    _ = try WorkoutDecoder.decode(bytes)
                    return []
                } catch {
                    return error.diagnostics.map { $0.formatted(file: copy) }
                }
            },
            saved: { bytes in
                let decoded = try? WorkoutDecoder.decodeWithWarnings(bytes)
                decoded?.warnings.forEach { Output.problem(TerminalText($0.formatted(file: path))) }
                return "saved \(environment.abbreviatingHome(path)): \(decoded.map { PlanSummary(Plan($0.workout)).text } ?? "")"
            })
        return try edit.run(environment: environment)
    }

    /// The file to edit for a reference: a workout file as it is; a built-in copied to the config
    /// folder first (and the user told). Another app's file is refused with the `import` that
    /// writes it as a workout file to edit: edit checks what it saves as a workout file.
    public static func editable(_ reference: String, environment: Environment) throws(CommandFailure) -> String {
        let library = WorkoutLibrary(environment: environment)
        let source: WorkoutSource
        do throws(WorkoutNotFound) {
            source = try library.locate(reference)
        } catch {
            throw .workout(.notFound(error))
        }
        if source.isFile {
            guard let bytes = try? source.read(), let format = WorkoutFormat.detect(bytes, path: source.path) else { return source.path }
            let json = path(ofNamed: source.name, environment: environment)
            throw .notEditable(path: source.path, format: format, json: json, name: source.name)
        }
        guard source.origin == "built in" else { throw .notAWorkoutFile(notation: source.notation != nil) }
        let path = path(ofNamed: source.name, environment: environment)
        let loaded = try CommandFailure.loading { () throws(WorkoutLoadError) in try WorkoutLoader.load(source) }
        _ = try write(loaded.bytes, named: loaded.workout.name, to: path)
        Output.problem("pacer: \(source.name) is built in, so it was copied to \(environment.abbreviatingHome(path)); editing that copy")
        return path
    }

    /// The bytes of the workout file at `path`, within a workout's size limit.
    public static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        do throws(FileError) {
            return try FileSystem.read(path, limit: WorkoutDecoder.maximumFileSize)
        } catch {
            throw .file(error)
        }
    }
}
