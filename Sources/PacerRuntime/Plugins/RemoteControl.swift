#if canImport(Glibc)
import Glibc
#endif
import PacerSystem

/// The FIFO of the running session's `remote` plugin (Plugins/remote), to which a command line is
/// sent without ever waiting: a session that is not there or not reading is an error at once.
public struct RemoteControl: Sendable {
    /// The longest command line, in bytes without its newline; the remote plugin leaves out longer ones.
    /// Shorter than PIPE_BUF, so a line is written whole or not at all, never mixed with another writer's.
    public static let longestLine = 1000

    /// `remote` in the runtime folder: the plugin keeps it pointing at the newest session's FIFO.
    public let path: String

    public init(environment: Environment) {
        path = environment.runtimeFolder + "/remote"
    }

    /// Why a command line was not sent.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case noSession
        case notReading(path: String)
        case notAFIFO(path: String)
        case system(FileError)

        public var description: String {
            switch self {
            case .noSession:
                "no session is running with the remote plugin (start one with --sink remote)"
            case .notReading(let path):
                "the session's remote plugin is not reading \(path); the command was not sent"
            case .notAFIFO(let path):
                "\(path) is not the remote plugin's FIFO; remove it, then start a session with --sink remote"
            case .system(let error):
                error.description
            }
        }
    }

    /// Writes `line` and a newline to the FIFO in one write, or throws at once.
    public func send(_ line: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw errno == ENOENT ? .noSession : .system(FileError("examine", path, errno: errno))
        }
        guard status.st_mode & S_IFMT == S_IFIFO else { throw .notAFIFO(path: path) }
        // Without O_NONBLOCK, opening a FIFO nobody reads would wait for a reader forever.
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENXIO || errno == ENOENT ? .noSession : .system(FileError("open", path, errno: errno))
        }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        while true {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count == bytes.count { return }
            switch count < 0 ? errno : 0 {
            case EINTR: continue
            case EAGAIN: throw .notReading(path: path)
            case EPIPE: throw .noSession
            case let code: throw .system(code == 0 ? FileError("cannot write all of the command to \(path)") : FileError("write to", path, errno: code))
            }
        }
    }
}
