import Glibc

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
    /// device, which could not be replaced by a file). A `path` that is a symbolic link is written
    /// through: the file replaced is the link's target, in the target's folder, and the link stays;
    /// with `replacingLink` the link itself is replaced instead. The file gets `mode`, or when that
    /// is nil the mode of the file it replaces, else what a new file gets under the umask.
    public init(replacing path: String, mode: mode_t? = nil, replacingLink: Bool = false) throws(FileError) {
        let path = replacingLink ? path : try FileSystem.linkTarget(path)
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, let kind = FileSystem.irregularKind(status.st_mode) {
            throw FileError("write", path, .notRegular(kind))
        }
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError("write", path, errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // mkstemp's own mode is 0600.
        fchmod(descriptor, mode ?? (exists ? status.st_mode & 0o7777 : 0o666 & ~Self.umask))
        self.descriptor = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The process's file-creation mask, read without changing it (from /proc where it can be).
    static var umask: mode_t {
        if let bytes = try? FileSystem.read("/proc/self/status", limit: 65_536),
            let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let mask = mode_t(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }, radix: 8)
        {
            return mask
        }
        let mask = Glibc.umask(0o022)
        Glibc.umask(mask)
        return mask
    }

    /// Writes `bytes` as the whole new content of `path` (of a link's target), in one replacement,
    /// with `mode` or else as `init(replacing:mode:)` gives it.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t? = nil) throws(FileError) {
        let file = try ReplacementFile(replacing: path, mode: mode)
        do throws(FileError) {
            try FileSystem.writeAll(file.descriptor, bytes)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
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
