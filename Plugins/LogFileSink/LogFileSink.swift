#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// Appends the event stream to a file as JSON lines, one whole `write` per event, so a crash
/// or a reader following the file never sees half an event.
public final class LogFileSink: Sink, @unchecked Sendable {
    // Used only from the sink's own queue.
    private let descriptor: Int32
    public let path: String

    /// Opens (creating if needed) `path` for appending.
    public init(path: String) throws(LogFileError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LogFileError(path: path, code: errno) }
    }

    public func receive(_ event: Event) throws {
        let bytes = Array((event.jsonLine + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LogFileError(path: path, code: errno)
            }
            written += count
        }
    }

    public func close() throws {
        let failed = fsync(descriptor) != 0 && errno != EINVAL
        let code = errno
        Glibc.close(descriptor)
        if failed { throw LogFileError(path: path, code: code) }
    }
}

/// A log file that cannot be opened or written, with the system's reason.
public struct LogFileError: Error, CustomStringConvertible {
    public let path: String
    public let code: Int32

    public var description: String {
        "cannot write the log \(path): \(String(cString: strerror(code)))"
    }
}
