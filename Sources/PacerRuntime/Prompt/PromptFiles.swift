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
        if let (file, problem) = Self.inputrcProblem(inputrc, environment: environment) {
            let named = environment.abbreviatingHome(file)
            let which =
                file == inputrc ? "the inputrc \(named)" : "\(named), which the inputrc \(environment.abbreviatingHome(inputrc)) includes,"
            notices.append("pacer: \(which) \(problem): the prompt takes readline's own settings instead")
            readsInputrc = false
        } else {
            readsInputrc = true
        }
        self.notices = notices
    }

    /// How many files an inputrc and what it includes may be: far more than anyone writes, far
    /// fewer than would take a moment to check.
    static let mostInputrcFiles = 64

    /// The inputrc readline reads, found as readline finds it: `$INPUTRC` (`~` expanded), else
    /// `~/.inputrc` when there is anything at that name, else `/etc/inputrc`.
    static func inputrc(in environment: Environment) -> String {
        if let named = environment["INPUTRC"] { return expandingTilde(named, in: environment) }
        let own = environment.home + "/.inputrc"
        return FileSystem.exists(own) ? own : "/etc/inputrc"
    }

    /// The first file, `path` or one it includes (`$include FILE`, as deep as they go), that
    /// readline must not read, with why; nil when it may read them all. An inputrc that includes
    /// itself is one: readline would follow it until its stack ran out.
    static func inputrcProblem(_ path: String, environment: Environment) -> (file: String, problem: String)? {
        var budget = mostInputrcFiles
        return inputrcProblem(path, chain: [], budget: &budget, environment: environment)
    }

    private static func inputrcProblem(
        _ path: String, chain: [String], budget: inout Int,
        environment: Environment
    ) -> (file: String, problem: String)? {
        if let problem = problem(with: path, largest: largestInputrc) { return (path, problem) }
        if chain.contains(path) { return (path, "includes itself") }
        budget -= 1
        if budget < 0 { return (chain.first ?? path, "includes more than \(mostInputrcFiles) files") }
        guard let bytes = try? FileSystem.read(path, limit: largestInputrc) else { return nil }
        for included in includes(in: bytes, environment: environment) {
            if let found = inputrcProblem(included, chain: chain + [path], budget: &budget, environment: environment) { return found }
        }
        return nil
    }

    /// The files an inputrc's `$include` lines name, as readline reads them: the directive in any
    /// case after leading blanks, the file the rest of the line after blanks, `~` expanded.
    /// An `$include` inside an `$if` is followed whatever the condition: safe, and simpler than judging it.
    static func includes(in bytes: [UInt8], environment: Environment) -> [String] {
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let statement = line.drop { blanks.contains($0) }
            guard statement.first == UInt8(ascii: "$") else { return nil }
            let directive = statement.dropFirst().prefix { !blanks.contains($0) }
            guard String(decoding: directive, as: UTF8.self).lowercased() == "include" else { return nil }
            let file = statement.dropFirst(1 + directive.count).drop { blanks.contains($0) }
            return file.isEmpty ? nil : expandingTilde(String(decoding: file, as: UTF8.self), in: environment)
        }
    }

    /// `path` with a leading `~` or `~/` made the home folder, as readline expands it.
    static func expandingTilde(_ path: String, in environment: Environment) -> String {
        if path == "~" { return environment.home }
        return path.hasPrefix("~/") ? environment.home + path.dropFirst() : path
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
