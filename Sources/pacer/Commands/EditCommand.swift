import Glibc
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem

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
        let copy = WorkoutFile.editedCopy(of: path)
        let original = try WorkoutFile.read(path)
        if FileSystem.exists(copy) {
            Output.problem("pacer: going on with the edited copy kept in \(copy)")
        } else {
            try WorkoutFile.replace(copy, with: original)
        }
        let editor = environment["VISUAL"] ?? environment["EDITOR"] ?? "vi"
        while true {
            let status: Int32
            do throws(SubprocessError) {
                status = try Subprocess.runInForeground(shell: editor, arguments: [copy])
            } catch {
                throw WorkoutLoadError(lines: ["pacer: \(error.description)"])
            }
            guard status == 0 else {
                throw WorkoutLoadError(lines: ["pacer: the editor (\(editor)) exited with status \(status); \(path) is unchanged and the edited copy is kept in \(copy)"])
            }
            let edited = try WorkoutFile.read(copy)
            if edited == original {
                unlink(copy)
                Output.problem("pacer: no changes to \(path)")
                return ExitStatus.success
            }
            switch Result(catching: { () throws(WorkoutErrors) in try WorkoutDecoder.decode(edited) }) {
            case .success(let workout):
                try WorkoutFile.replace(path, with: edited)
                unlink(copy)
                Output.line("saved \(environment.abbreviatingHome(path)): \(PlanSummary(Plan(workout)).text)")
                return ExitStatus.success
            case .failure(let errors):
                errors.diagnostics.forEach { Output.problem(TerminalText($0.formatted(file: copy))) }
            }
            guard isatty(STDIN_FILENO) == 1, askToEditAgain() else {
                Output.problem("pacer: \(path) stays as it was; the edited copy is kept in \(copy) (pacer edit goes on with it)")
                return ExitStatus.failure
            }
        }
    }

    /// Asks on the terminal whether to edit again; yes unless the answer starts with n.
    private static func askToEditAgain() -> Bool {
        Output.error.write("Edit again? [Y/n] ")
        guard let answer = readLine() else { return false }
        return !answer.lowercased().hasPrefix("n")
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

    /// Where the edited copy of `path` is kept: beside it, hidden, so it is no workout of its own.
    static func editedCopy(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) + ".edit.json"
    }

    static func read(_ path: String) throws(WorkoutLoadError) -> [UInt8] {
        do throws(FileError) {
            return try FileSystem.read(path, limit: WorkoutDecoder.maximumFileSize)
        } catch {
            throw WorkoutLoadError(lines: ["pacer: \(error.description)"])
        }
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(WorkoutLoadError) {
        do throws(FileError) {
            try ReplacementFile.write(bytes, to: path)
        } catch {
            throw WorkoutLoadError(lines: ["pacer: \(error.description)"])
        }
    }
}
