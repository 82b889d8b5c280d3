import Glibc
import PacerSystem

/// The files the prompt's readline reads as it wakes at the first key: the user's inputrc and the
/// prompt's history. Each is checked before the session starts, because readline opens them
/// blocking, on the screen's queue: a FIFO nobody writes to would freeze the prompt and the
/// display. One that is not a plain file, or is far too big to be what it says, is left unread,
/// and the user is told why.
public struct PromptFiles: Sendable {
    /// The prompt's history (`$XDG_STATE_HOME/pacer/history`), or nil when it must not be used.
    public let history: String?
    /// Whether readline may read the inputrc it would find (or there is none).
    public let readsInputrc: Bool
    /// What the user should know about the files left unread.
    public let notices: [String]

    /// An inputrc larger than this is not one: a mistake, or an attack.
    static let largestInputrc = 1 << 20
    /// A history larger than this is not the prompt's, which keeps 1,000 lines: readline would read
    /// all of it, on the screen's queue, before the first key typed took effect.
    static let largestHistory = 64 << 20

    public init(environment: Environment) {
        var notices: [String] = []
        let history = environment.stateFolder + "/history"
        if let problem = Self.problem(with: history, largest: Self.largestHistory) {
            notices.append("pacer: \(environment.abbreviatingHome(history)) \(problem): the prompt keeps no history this session")
            self.history = nil
        } else {
            self.history = history
        }
        let inputrc = Self.inputrc(in: environment)
        if let problem = Self.problem(with: inputrc, largest: Self.largestInputrc) {
            notices.append("pacer: the inputrc \(environment.abbreviatingHome(inputrc)) \(problem): the prompt takes readline's own settings instead")
            readsInputrc = false
        } else {
            readsInputrc = true
        }
        self.notices = notices
    }

    /// The inputrc readline reads, found as readline finds it: `$INPUTRC` (`~` expanded), else
    /// `~/.inputrc` when there is anything at that name, else `/etc/inputrc`.
    static func inputrc(in environment: Environment) -> String {
        if let named = environment["INPUTRC"] {
            if named == "~" { return environment.home }
            return named.hasPrefix("~/") ? environment.home + named.dropFirst() : named
        }
        let own = environment.home + "/.inputrc"
        return FileSystem.exists(own) ? own : "/etc/inputrc"
    }

    /// Why the file at `path` must not be read (it would block, or is over `largest` bytes), or
    /// nil when it may be, or is not there.
    static func problem(with path: String, largest: Int) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if let kind = FileSystem.irregularKind(status.st_mode) { return "is \(kind), not a file" }
        if status.st_size > largest { return "is larger than \(largest >> 20) MB" }
        return nil
    }
}
