#if canImport(Glibc)
import Glibc
#endif

/// A file written under a temporary name beside its destination and renamed over it only once
/// complete, so the destination never holds half a file: it is the old file or the whole new one.
public final class ReplacementFile: Sendable {
    /// Where the file goes.
    public let path: String
    /// Where it is written until `commit`.
    public let temporaryPath: String
    /// The temporary file, open for writing.
    public let descriptor: Int32

    /// Creates the temporary file beside `path` (refusing a `path` that is a folder, a FIFO or a
    /// device, which could not be replaced by a file).
    public init(replacing path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0, let kind = FileSystem.irregularKind(status.st_mode) {
            throw FileError("cannot write \(path): it is \(kind)")
        }
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError("write", path, errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        fchmod(descriptor, 0o644)
        self.descriptor = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Puts the complete file in place.
    public func commit() throws(FileError) {
        let synced = fsync(descriptor) == 0
        let code = errno
        close(descriptor)
        guard synced || code == EINVAL else {
            unlink(temporaryPath)
            throw FileError("write", path, errno: code)
        }
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw FileError("write", path, errno: code)
        }
    }

    /// Gives up: the temporary file goes and the destination stays as it was. Safe to call from a
    /// signal watcher while another thread still writes.
    public func discard() {
        unlink(temporaryPath)
        close(descriptor)
    }
}
