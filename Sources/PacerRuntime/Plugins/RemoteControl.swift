import Glibc
import PacerSystem

/// The FIFOs of the running sessions' `remote` plugins (Plugins/remote), `remote-PID` in the
/// runtime folder (PID: the session's pacer), to which a command line is sent without ever waiting:
/// a session that is not there or not reading is an error at once.
///
/// The folder and the FIFO are trusted only as the plugins make them: this user's, and writable by
/// no one else; anything else may be another user's trap for the commands.
public struct RemoteControl: Sendable {
    /// The longest command line, in bytes without its newline; the remote plugin leaves out longer ones.
    /// Shorter than PIPE_BUF, so a line is written whole or not at all, never mixed with another writer's.
    public static let longestLine = 1000

    /// The runtime folder, where the remote plugins keep their FIFOs.
    public let folder: String

    public init(environment: Environment) {
        folder = environment.runtimeFolder
    }

    /// A session whose remote plugin reads its FIFO: pacer's process id and command line.
    public struct Session: Sendable, CustomStringConvertible {
        public let pid: Int32
        public let commandLine: String
        let fifo: String
        /// When pacer started, in clock ticks after boot (0 when unknown).
        let started: UInt64

        public var description: String { "\(pid) (\(commandLine))" }
    }

    /// Why a command line was not sent.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case noSession
        case noSuchSession(pid: Int32, running: [Session])
        case notReading(path: String)
        case untrusted(path: String, why: String)
        case system(FileError)

        public var description: String {
            switch self {
            case .noSession:
                "no session is running with the remote plugin (start one with --sink remote)"
            case .noSuchSession(let pid, let running):
                "no session with pid \(pid) takes commands; these do: \(running.map(\.description).joined(separator: ", "))"
            case .notReading(let path):
                "the session's remote plugin is not reading \(path); the command was not sent"
            case .untrusted(let path, let why):
                "\(path) \(why), so it may not be the remote plugin's; the command was not sent. Remove it (or set XDG_RUNTIME_DIR)"
            case .system(let error):
                error.description
            }
        }
    }

    /// The sessions that take commands now, the newest first.
    public func sessions() throws(Failure) -> [Session] {
        guard FileSystem.exists(folder) else { return [] }
        if let why = Self.distrust(folder, kind: S_IFDIR, as: "folder") { throw .untrusted(path: folder, why: why) }
        var found: [Session] = []
        for name in FileSystem.contents(of: folder) {
            guard name.hasPrefix("remote-"), let pid = Int32(name.dropFirst("remote-".count)), pid > 0 else { continue }
            let fifo = folder + "/" + name
            if let why = Self.distrust(fifo, kind: S_IFIFO, as: "FIFO") { throw .untrusted(path: fifo, why: why) }
            // Only a FIFO with a reader opens without waiting: one a killed session left is passed over.
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            close(descriptor)
            found.append(
                Session(
                    pid: pid, commandLine: ProcessTable.commandLine(of: pid) ?? "?", fifo: fifo,
                    started: ProcessTable.startTime(of: pid) ?? 0))
        }
        return found.sorted { ($0.started, $0.pid) > ($1.started, $1.pid) }
    }

    /// Writes `line` and a newline in one write to the session with `pid`, or else to the newest,
    /// and returns it with every session that takes commands; or throws at once.
    @discardableResult
    public func send(_ line: String, to pid: Int32? = nil) throws(Failure) -> (steered: Session, running: [Session]) {
        let running = try sessions()
        guard let newest = running.first else { throw .noSession }
        var session = newest
        if let pid {
            guard let chosen = running.first(where: { $0.pid == pid }) else { throw .noSuchSession(pid: pid, running: running) }
            session = chosen
        }
        try Self.write(line, to: session.fifo)
        return (session, running)
    }

    /// Why `path` is not to be trusted with commands, or nil: it must be a `kind` (not a link to
    /// one), this user's, and writable by no one else, as Plugins/pacer_plugin.py makes its folder.
    static func distrust(_ path: String, kind: mode_t, as word: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            // Gone since the folder was read: nothing to trust or distrust (opening it fails next).
            return errno == ENOENT ? nil : "cannot be examined (\(String(cString: strerror(errno))))"
        }
        if status.st_mode & S_IFMT != kind { return "is not a \(word)" }
        if status.st_uid != getuid() { return "belongs to another user (uid \(status.st_uid))" }
        if status.st_mode & 0o022 != 0 { return "may be written by others (mode \(String(status.st_mode & 0o7777, radix: 8)))" }
        return nil
    }

    private static func write(_ line: String, to fifo: String) throws(Failure) {
        // Without O_NONBLOCK, opening a FIFO nobody reads would wait for a reader forever.
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENXIO || errno == ENOENT ? .noSession : .system(FileError("open", fifo, errno: errno))
        }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        while true {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count == bytes.count { return }
            switch count < 0 ? errno : 0 {
            case EINTR: continue
            case EAGAIN: throw .notReading(path: fifo)
            case EPIPE: throw .noSession
            case let code:
                throw .system(
                    code == 0 ? FileError("write the command to", fifo, .partlyWritten) : FileError("write to", fifo, errno: code))
            }
        }
    }
}
