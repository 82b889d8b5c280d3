import Glibc
import PacerCommandLine
import PacerConfig
import PacerFormats
import PacerFoundation
import PacerRuntime
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// Why a command could not do what it was asked, beyond a bad command line: a case to switch on,
/// holding what its message names; `lines` says it for standard error.
public enum CommandFailure: Error {
    /// The workout could not be loaded.
    case workout(WorkoutLoadError)
    /// The config could not be used: the user is told to fix it, at its place in `environment`.
    case config(ConfigLoadError, Environment)
    /// A file could not be read, written or made, as the failure names it.
    case file(FileError)
    /// A file the command writes, at `path`, could not be written.
    case unwritten(path: String, FileError)
    /// A command's output would be the workout's own file, or another of its outputs.
    case sharedFile(SharedFile)
    /// The file at `path` is there and the command does not replace it without --force.
    case exists(path: String)
    /// The editor could not be started.
    case editorNotRun(SubprocessError)
    /// The editor (`editor`) exited with `status`: `path` is unchanged, its edited copy kept at `copy`.
    case editorFailed(editor: String, status: Int32, path: String, copy: String)
    /// The file at `path` changed while its copy (`copy`) was being edited, so the copy is kept, not saved.
    case changedWhileEdited(path: String, copy: String)
    /// An out-of-date edited copy could not be moved aside: the system's `errno`.
    case copyNotMovedAside(copy: String, errno: Int32)
    /// `pacer edit` was given something other than a workout file or a built-in (a line of notation
    /// when `notation`, else standard input).
    case notAWorkoutFile(notation: Bool)
    /// `pacer edit` was given another app's file (`path`, of `format`): `import` writes it as the
    /// workout file `json`, which `edit NAME` then opens.
    case notEditable(path: String, format: WorkoutFormat, json: String, name: String)
    /// `fmt` was given a line of notation.
    case notationNotLaidOut
    /// `fmt` was given another app's file (`format`, nil when it is not known), at `path`.
    case notWorkoutJSON(path: String, format: WorkoutFormat?)
    /// The workout at `path` changed between being checked and being laid out.
    case changedWhileRead(path: String)
    /// A number in the workout at `path` has more digits than pacer keeps; `placed` when the
    /// file's own line and column say where.
    case inexactNumber(path: String, InexactNumber, placed: Bool)
    /// The workout at `path` (named `name`) is not a file `fmt -w` can rewrite.
    case notRewritable(path: String, name: String)
    /// The workout to copy to `shown` is not JSON.
    case notJSON(shown: String)
    /// Import would write the workout at `source` to `path`, where it wrote another just before.
    case writtenTwice(source: String, path: String)
    /// The plan (`shown`) plans nothing, so there is nothing to remind of.
    case nothingPlanned(shown: String)
    /// The reminder's units cannot be written: why.
    case reminderUnits(problem: String)
    /// The systemctl commands (`line`) failed.
    case systemctlFailed(line: String)
    /// The desktop's notifier (`program`) did not show the reminder.
    case reminderNotShown(program: String)

    /// Lines for standard error, each naming the file or starting `pacer:`.
    public var lines: [String] {
        switch self {
        case .workout(let error): error.lines
        case .config(let error, let environment): error.lines + [UserConfig.fixAdvice(in: environment)]
        case .file(let error): ["pacer: \(error.description)"]
        case .unwritten(let path, let error): ["\(path): error: \(error.description)"]
        case .sharedFile(let shared): [shared.message]
        case .exists(let path): ["pacer: \(path) exists; --force replaces it"]
        case .editorNotRun(let error): ["pacer: \(error.description)"]
        case .editorFailed(let editor, let status, let path, let copy):
            ["pacer: the editor (\(editor)) exited with status \(status); \(path) is unchanged and the edited copy is kept in \(copy)"]
        case .changedWhileEdited(let path, let copy):
            [
                "pacer: \(path) changed while it was being edited, so it is not replaced; the edited copy is kept in \(copy) (compare: diff -u \(path) \(copy))"
            ]
        case .copyNotMovedAside(let copy, let code):
            ["pacer: cannot move the edited copy \(copy) aside: \(String(cString: strerror(code))); move or delete it, then edit again"]
        case .notAWorkoutFile(let notation):
            ["pacer: edit changes a workout file; 'pacer new NAME \(notation ? "LINE" : "--from -")' writes one"]
        case .notEditable(let path, let format, let json, let name):
            [
                "pacer: \(path) is \(format.title), which edit cannot change: 'pacer import \(path.shellQuoted) -o \(json.shellQuoted)' writes it as a workout file, which 'pacer edit \(name.shellQuoted)' then opens"
            ]
        case .notationNotLaidOut: ["pacer: fmt lays out workout files; for the JSON a line of notation stands for, use pacer new NAME LINE"]
        case .notWorkoutJSON(let path, let format):
            ["pacer: \(path) is not a workout's JSON but \(format?.title ?? "another app's file"); pacer import \(path) writes it as one"]
        case .changedWhileRead(let path): ["\(path): error: the file changed while it was read"]
        case .inexactNumber(let path, let number, let placed): ["\(path)\(placed ? ":\(number.position)" : ""): error: \(number.message)"]
        case .notRewritable(let path, let name):
            ["pacer: \(path) is not a file that can be rewritten; pacer fmt \(name) > FILE writes it elsewhere"]
        case .notJSON(let shown): ["\(shown): error: the workout to copy is not JSON"]
        case .writtenTwice(let source, let path):
            ["pacer: \(source) would be written to \(path) too, over the workout imported just before; import it apart with -o FILE"]
        case .nothingPlanned(let shown):
            ["pacer: nothing is planned in \(shown), so there is nothing to remind of: 'pacer plan add' plans a workout"]
        case .reminderUnits(let problem): ["pacer: \(problem)"]
        case .systemctlFailed(let line): ["pacer: \(line) failed"]
        case .reminderNotShown(let program): ["pacer: \(program) did not show the reminder"]
        }
    }

    /// What `body` gives, its failure to load a workout this command's.
    static func loading<Value>(_ body: () throws(WorkoutLoadError) -> Value) throws(CommandFailure) -> Value {
        do throws(WorkoutLoadError) {
            return try body()
        } catch {
            throw .workout(error)
        }
    }

    /// Says every line on standard error; the exit status of a command that failed.
    public func report() -> Int32 {
        lines.forEach { Output.problem(TerminalText($0)) }
        return ExitStatus.failure
    }
}
