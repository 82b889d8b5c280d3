import Glibc
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem

/// A file edited in `$VISUAL` or `$EDITOR` through a copy beside it, checked when the editor
/// exits, as `crontab -e` does: a valid copy replaces the file, one with problems never does. The
/// problems are shown and the user asked to edit again; without a terminal to ask on, or with a
/// no, the file stays as it was and the copy is kept, where the next edit goes on with it.
struct CheckedEdit {
    /// The file edited.
    let path: String
    /// What the file holds, or nil when there is none yet.
    let original: [UInt8]?
    /// What the copy starts as when there is no file yet.
    let template: [UInt8]
    /// The command that edits it, for messages: `pacer edit`.
    let command: String
    /// The most bytes the copy is read with.
    let limit: Int
    /// The edited copy's problems, as lines naming the copy at `copy`; empty when it may be saved.
    let problems: (_ bytes: [UInt8], _ copy: String) -> [String]
    /// What to say once the file is saved with `bytes`.
    let saved: (_ bytes: [UInt8]) -> TerminalText

    /// Where the edited copy is kept: beside the file, hidden, so it is no workout or plan of its own.
    var copy: String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) + ".edit.json"
    }

    /// Edits until the copy is valid, unchanged, or given up on; the exit status.
    func run(environment: Environment) throws(CommandFailure) -> Int32 {
        let copy = copy
        let start = original ?? template
        if FileSystem.exists(copy) {
            Output.problem("pacer: going on with the edited copy kept in \(copy)")
        } else {
            try write(start, to: copy)
        }
        let editor = environment["VISUAL"] ?? environment["EDITOR"] ?? "vi"
        while true {
            let status: Int32
            do throws(SubprocessError) {
                status = try Subprocess.runInForeground(shell: editor, arguments: [copy])
            } catch {
                throw CommandFailure(["pacer: \(error.description)"])
            }
            guard status == 0 else {
                throw CommandFailure(["pacer: the editor (\(editor)) exited with status \(status); \(path) is unchanged and the edited copy is kept in \(copy)"])
            }
            let edited = try read(copy)
            if edited == start {
                unlink(copy)
                Output.problem("pacer: no changes to \(path)")
                return ExitStatus.success
            }
            let found = problems(edited, copy)
            if found.isEmpty {
                try write(edited, to: path)
                unlink(copy)
                Output.line(saved(edited))
                return ExitStatus.success
            }
            found.forEach { Output.problem(TerminalText($0)) }
            guard isatty(STDIN_FILENO) == 1, askToEditAgain() else {
                Output.problem("pacer: \(path) stays as it was; the edited copy is kept in \(copy) (\(command) goes on with it)")
                return ExitStatus.failure
            }
        }
    }

    /// Asks on the terminal whether to edit again; yes unless the answer starts with n.
    private func askToEditAgain() -> Bool {
        Output.error.write("Edit again? [Y/n] ")
        guard let answer = readLine() else { return false }
        return !answer.lowercased().hasPrefix("n")
    }

    private func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        do throws(FileError) {
            return try FileSystem.read(path, limit: limit)
        } catch {
            throw CommandFailure(["pacer: \(error.description)"])
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
        do throws(FileError) {
            try ReplacementFile.write(bytes, to: path)
        } catch {
            throw CommandFailure(["pacer: \(error.description)"])
        }
    }
}
