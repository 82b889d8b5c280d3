#if canImport(Glibc)
import Glibc
#endif

/// A file-system failure described for the user: what was being done, to which path, and why.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ action: String, _ path: String, errno code: Int32) {
        description = "cannot \(action) \(path): \(String(cString: strerror(code)))"
    }

    init(_ description: String) {
        self.description = description
    }
}

/// The few file-system calls Pacer needs, over the C library (no Foundation, to stay light).
public enum FileSystem {
    /// Reads a whole file, refusing ones larger than `limit` bytes before reading them.
    public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError("read", path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError("read", path, errno: errno) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw FileError("cannot read \(path): it is a directory") }
        if status.st_size > limit {
            throw FileError("cannot read \(path): it is \(status.st_size) bytes, more than the \(limit >> 20) MiB a workout file may have")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError("read", path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit {
                throw FileError("cannot read \(path): it is more than the \(limit >> 20) MiB a workout file may have")
            }
        }
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in a directory, sorted; empty when it does not exist or cannot be read.
    public static func contents(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Creates a directory and its parents, like `mkdir -p`.
    public static func createDirectories(_ path: String) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FileError("create the folder", prefix, errno: errno)
            }
        }
    }

    /// Writes all of `bytes` with as few calls as the kernel allows, retrying interrupted writes.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(FileError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError("write to", "file descriptor \(descriptor)", errno: errno)
            }
            written += count
        }
    }
}
