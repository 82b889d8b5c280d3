import Glibc
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem
import PacerCommands

/// `pacer edit NAME`: the workout in `$VISUAL` or `$EDITOR`, checked when the editor exits, as
/// `crontab -e` does: a valid file is never replaced by one with errors.
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit", abstract: "edit a workout in your editor, checking it before it is saved", usage: "pacer edit WORKOUT", arguments: .workout,
        details: """
            Opens $VISUAL, else $EDITOR, else vi, on a copy of the workout beside it (a built-in one
            is first copied to $XDG_CONFIG_HOME/pacer/workouts). When the editor exits the copy is
            checked: a valid one replaces the workout; on errors they are shown and you are asked to
            edit again. Without a terminal to ask on, or if you say no, the workout stays as it was
            and the edited copy is kept beside it, where the next 'pacer edit' picks it up.
            """,
        options: []
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "edit") { () throws(UsageError) in
            let reference = try arguments.workout(for: "edit")
            do throws(WorkoutLoadError) {
                return try edit(WorkoutFile.editable(reference, environment: environment), environment: environment)
            } catch {
                error.lines.forEach { Output.problem(TerminalText($0)) }
                return ExitStatus.failure
            }
        }
    }

    private static func edit(_ path: String, environment: Environment) throws(WorkoutLoadError) -> Int32 {
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
        do throws(CommandFailure) {
            return try edit.run(environment: environment)
        } catch {
            throw WorkoutLoadError(lines: error.lines)
        }
    }
}

extension WorkoutFile {
    /// The file to edit for a reference: a workout file as it is; a built-in copied to the config
    /// folder first (and the user told).
    static func editable(_ reference: String, environment: Environment) throws(WorkoutLoadError) -> String {
        let library = WorkoutLibrary(environment: environment)
        let source: WorkoutSource
        do throws(WorkoutNotFound) {
            source = try library.locate(reference)
        } catch {
            throw WorkoutLoadError(lines: ["pacer: \(error.description)"])
        }
        if source.isFile { return source.path }
        guard source.origin == "built in" else {
            throw WorkoutLoadError(lines: ["pacer: edit changes a workout file; 'pacer new NAME \(source.notation != nil ? "LINE" : "--from -")' writes one"])
        }
        let path = path(ofNamed: source.name, environment: environment)
        let loaded = try WorkoutLoader.load(source)
        _ = try write(loaded.bytes, named: loaded.workout.name, to: path)
        Output.problem("pacer: \(source.name) is built in, so it was copied to \(environment.abbreviatingHome(path)); editing that copy")
        return path
    }

    static func read(_ path: String) throws(WorkoutLoadError) -> [UInt8] {
        do throws(FileError) {
            return try FileSystem.read(path, limit: WorkoutDecoder.maximumFileSize)
        } catch {
            throw WorkoutLoadError(lines: ["pacer: \(error.description)"])
        }
    }
}
