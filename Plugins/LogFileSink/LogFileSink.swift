import Glibc
import PacerEngine
import PacerSystem
import SinkKit
import Synchronization

/// Appends the event stream to a file as JSON lines. Lines are gathered per batch and written
/// with one `write` each time, so a reader following the file never sees half an event, and a
/// log that falls behind catches up in large writes instead of dropping anything.
public final class LogFileSink: Sink {
    private let descriptor: Int32
    /// The batch's lines not written yet. Only the sink's queue touches them; the lock lets the
    /// compiler check that.
    private let buffer = Mutex<[UInt8]>([])
    public let path: String

    /// Writes above this size go out at once, before the batch ends.
    static let bufferLimit = 1 << 20

    /// Opens (creating if needed) `path` for appending. A FIFO that nobody reads is refused at
    /// once rather than waited on.
    public init(path: String) throws(LogFileError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            throw errno == ENXIO ? .unreadFIFO(path: path) : .notOpened(path: path, errno: errno)
        }
        // Opened without waiting; from now on a write waits for the reader rather than failing.
        FileSystem.setNonBlocking(descriptor, false)
    }

    /// `--log FILE` and the config's `"log"`.
    public static let file = SinkSetting(
        .file, key: "log", flag: "--log", help: "append the event stream to FILE as JSON lines",
        configHelp: "A file every session appends its event stream to, as --log does; --log wins.")

    /// The JSON-lines event stream, appended to the `--log` file.
    public static let registration = SinkRegistration(
        name: "log", summary: "the event stream as JSON lines, appended to the --log FILE",
        settings: [file], traits: SinkTraits(kind: .recorder),
        runsByDefault: .whenGiven(file),
        files: { _, settings, _ in settings.sinks.file(file).map { [$0] } ?? [] }
    ) { context in
        guard let path = context.settings.sinks.file(file) else { throw SinkSetupError.needsSetting(sink: "log", flag: "--log FILE") }
        return try LogFileSink(path: path)
    }

    public func receive(_ event: Event) throws {
        let full = buffer.withLock { buffer in
            buffer += event.jsonLine.utf8
            buffer.append(UInt8(ascii: "\n"))
            return buffer.count >= Self.bufferLimit
        }
        if full { try flush() }
    }

    public func flush() throws {
        try buffer.withLock { buffer throws(LogFileError) in
            guard !buffer.isEmpty else { return }
            defer { buffer.removeAll(keepingCapacity: buffer.count <= Self.bufferLimit) }
            do throws(FileError) {
                try FileSystem.writeAll(descriptor, buffer)
            } catch {
                throw .unwritten(path: path, error)
            }
        }
    }

    public func close() throws {
        try flush()
        let failed = fsync(descriptor) != 0 && errno != EINVAL
        let code = errno
        Glibc.close(descriptor)
        if failed { throw LogFileError.notSynced(path: path, errno: code) }
    }
}

/// A log file that cannot be opened or written: a case to switch on, said with the reason.
public enum LogFileError: Error, CustomStringConvertible {
    /// The file cannot be opened: the system's `errno`.
    case notOpened(path: String, errno: Int32)
    /// The file is a FIFO that nobody is reading, so it is refused rather than waited on.
    case unreadFIFO(path: String)
    /// A batch of events could not be written.
    case unwritten(path: String, FileError)
    /// What was written could not be flushed to the disk: the system's `errno`.
    case notSynced(path: String, errno: Int32)

    /// The log's file.
    public var path: String {
        switch self {
        case .notOpened(let path, _), .unreadFIFO(let path), .unwritten(let path, _), .notSynced(let path, _): path
        }
    }

    /// Why, after the log's name.
    public var reason: String {
        switch self {
        case .notOpened(_, let code), .notSynced(_, let code): String(cString: strerror(code))
        case .unreadFIFO: "it is a FIFO that nobody is reading"
        case .unwritten(_, let error): error.why()
        }
    }

    public var description: String {
        "cannot write the log \(path): \(reason)"
    }
}
