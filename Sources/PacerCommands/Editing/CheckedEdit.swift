import Glibc
import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSystem

/// A file edited in `$VISUAL` or `$EDITOR` through a copy beside it, checked when the editor
/// exits, as `crontab -e` does: a valid copy replaces the file, one with problems never does. The
/// problems are shown and the user asked to edit again; without a terminal to ask on, or with a
/// no, the file stays as it was and the copy is kept, where the next edit goes on with it, but only
/// while the file is as it was when the copy was made: a newer file is never overwritten by it.
public struct CheckedEdit {
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

    /// An edit of the file at `path` by `command`, from `original` (nil when there is no file yet,
    /// and the copy starts as `template`), read back with at most `limit` bytes, saved only when
    /// `problems` finds none, then described by `saved`.
    public init(
        path: String, original: [UInt8]?, template: [UInt8], command: String, limit: Int,
        problems: @escaping (_ bytes: [UInt8], _ copy: String) -> [String], saved: @escaping (_ bytes: [UInt8]) -> TerminalText
    ) {
        self.path = path
        self.original = original
        self.template = template
        self.command = command
        self.limit = limit
        self.problems = problems
        self.saved = saved
    }

    /// Where the edited copy is kept: beside the file, hidden, so it is no workout or plan of its own.
    var copy: String { hidden("edit.json") }

    /// Beside the copy, the file as it was when the copy was made from it (empty for no file), so
    /// that a copy made before the file last changed never replaces it.
    var base: String { hidden("edit.base.json") }

    /// `.NAME.SUFFIX` beside the file, for `NAME.json`.
    private func hidden(_ suffix: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) + "." + suffix
    }

    /// Edits until the copy is valid, unchanged, or given up on; the exit status.
    public func run(environment: Environment) throws(CommandFailure) -> Int32 {
        let copy = copy
        let start = original ?? template
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
        if try !goesOnWithKeptCopy() {
            try write(original ?? [], to: base, mode: mode)
            try write(start, to: copy, mode: mode)
        }
        let editor = Self.editor(environment)
        while true {
            let status: Int32
            do throws(SubprocessError) {
                status = try Subprocess.runInForeground(shell: editor, arguments: [copy])
            } catch {
                throw .editorNotRun(error)
            }
            guard status == 0 else { throw .editorFailed(editor: editor, status: status, path: path, copy: copy) }
            let edited = try read(copy)
            if edited == start {
                discardCopy()
                Output.problem("pacer: no changes to \(path)")
                return ExitStatus.success
            }
            let found = problems(edited, copy)
            if found.isEmpty {
                guard try (FileSystem.exists(path) ? read(path) : nil) == original else {
                    throw .changedWhileEdited(path: path, copy: copy)
                }
                try write(edited, to: path)
                discardCopy()
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

    /// Whether a copy kept by an earlier edit is there to go on with: only when the file is still
    /// as it was when the copy was made. A copy made before the file last changed (or one whose
    /// base was never recorded) is moved aside, and the user told where; one with no edits goes.
    private func goesOnWithKeptCopy() throws(CommandFailure) -> Bool {
        guard FileSystem.entryExists(copy) else { return false }
        let kept = try read(copy)
        let recorded = FileSystem.exists(base) ? try read(base) : nil
        if let recorded, kept == recorded {
            discardCopy()
            return false
        }
        if let recorded, recorded == (original ?? []) {
            Output.problem("pacer: going on with the edited copy kept in \(copy)")
            return true
        }
        let aside = freeName(for: copy)
        guard rename(copy, aside) == 0 else { throw .copyNotMovedAside(copy: copy, errno: errno) }
        unlink(base)
        Output.problem(
            "pacer: the edited copy kept in \(copy) was made before \(path) last changed, so it does not replace it: it is now \(aside) (compare: diff -u \(path) \(aside)); editing \(path) as it is"
        )
        return false
    }

    /// `.NAME.edit.old.json`, or with `-2`, `-3`... the first name not taken.
    private func freeName(for copy: String) -> String {
        let stem = String(copy.dropLast(".json".count)) + ".old"
        var candidate = stem + ".json"
        var number = 1
        while FileSystem.entryExists(candidate) {
            number += 1
            candidate = stem + "-\(number).json"
        }
        return candidate
    }

    /// `$VISUAL`, else `$EDITOR`, else `vi`: one set to nothing but blanks counts as not set.
    static func editor(_ environment: Environment) -> String {
        ["VISUAL", "EDITOR"].lazy.compactMap { environment[$0] }.first { !$0.allSatisfy(\.isWhitespace) } ?? "vi"
    }

    /// The copy and the record of its base go.
    private func discardCopy() {
        unlink(copy)
        unlink(base)
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
            throw .file(error)
        }
    }

    private func write(_ bytes: [UInt8], to path: String, mode: mode_t? = nil) throws(CommandFailure) {
        do throws(FileError) {
            try ReplacementFile.write(bytes, to: path, mode: mode)
        } catch {
            throw .file(error)
        }
    }
}
