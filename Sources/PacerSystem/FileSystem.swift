internal import CSpawn
import Glibc

/// The few file-system calls Pacer needs, over the C library (no Foundation, to stay light).
public enum FileSystem {
    /// Reads a whole regular file, refusing ones larger than `limit` bytes before reading them. A
    /// FIFO, a device or a folder is refused at once instead of being waited on.
    public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileError("read", path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError("read", path, errno: errno) }
        return try readFile(descriptor, status: status, path: path, limit: limit)
    }

    /// Reads the file open on `descriptor`, whose `fstat` is `status`, called `path` in messages,
    /// as `read` does.
    static func readFile(_ descriptor: Int32, status: stat, path: String, limit: Int) throws(FileError) -> [UInt8] {
        if let kind = irregularKind(status.st_mode) { throw FileError("read", path, .notRegular(kind)) }
        if status.st_size > limit { throw FileError("read", path, .tooLarge(size: Int(status.st_size), limit: limit)) }
        guard let bytes = try readAll(descriptor, name: path, limit: limit, expected: Int(status.st_size)) else {
            throw FileError("read", path, .tooLarge(size: nil, limit: limit))
        }
        return bytes
    }

    /// Reads from `descriptor` (a file or a pipe, called `name` in messages) until its end, or
    /// returns nil as soon as more than `limit` bytes have come.
    public static func readAll(_ descriptor: Int32, name: String, limit: Int) throws(FileError) -> [UInt8]? {
        // A regular file says how big it is: room for all of it at once (a pipe grows as it comes).
        var status = stat()
        let isFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        return try readAll(descriptor, name: name, limit: limit, expected: isFile ? Int(status.st_size) : 0)
    }

    /// `readAll`, with room made first for the `expected` bytes.
    private static func readAll(_ descriptor: Int32, name: String, limit: Int, expected: Int) throws(FileError) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, limit + 1))
        let chunk = ReadChunk(capacity: 65_536)
        while true {
            let count = chunk.read(from: descriptor)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError("read", name, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk.bytes(count)
            if bytes.count > limit { return nil }
        }
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether anything is at `path` itself, a link that leads nowhere included.
    public static func entryExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The path of the running program (`/proc/self/exe`), or nil where it cannot be read.
    public static func executablePath() -> String? {
        readLink("/proc/self/exe").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Where the symbolic link at `path` points, as written in it; nil, with `errno` set, when
    /// `path` is no link or cannot be read.
    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a file that is not a regular file is, in words (`a FIFO`), or nil for a regular file.
    public static func irregularKind(_ mode: UInt32) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a plain file"
        }
    }

    /// The file a path leads to: `path` itself unless it is a symbolic link, else the link's
    /// target, followed link after link (a relative target read from the link's folder). The
    /// target need not exist yet.
    public static func linkTarget(_ path: String) throws(FileError) -> String {
        try linkChain(path).last!
    }

    /// `path`, then each link's target in turn while the last is a symbolic link: the paths a
    /// change to the file could come through.
    public static func linkChain(_ path: String) throws(FileError) -> [String] {
        var chain = [path]
        for _ in 0..<40 {
            let current = chain.last!
            guard let target = readLink(current) else {
                if errno == EINVAL || errno == ENOENT || errno == ENOTDIR { return chain }
                throw FileError("write", path, errno: errno)
            }
            let slash = current.lastIndex(of: "/")
            chain.append(target.hasPrefix("/") ? target : (slash.map { String(current[...$0]) } ?? "") + target)
        }
        throw FileError("write", path, errno: ELOOP)
    }

    /// `path` from the root: as it is when it starts with `/`, else after the current folder; as
    /// it is too when the current folder cannot be read (it was removed).
    public static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        let current = String(cString: folder)
        return (current == "/" ? "" : current) + "/" + path
    }

    /// The absolute path with every link and `..` resolved, also for a file that does not exist
    /// yet (its folder is resolved); nil when not even the folder can be.
    public static func resolvedPath(_ path: String) -> String? {
        if let resolved = realPath(path) { return resolved }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolvedFolder = realPath(folder), !name.isEmpty else { return nil }
        return (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The device and inode of the file at `path` (following links), to tell whether two paths
    /// are the same file; nil when it cannot be examined.
    public static func identity(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// A new pipe whose ends are closed on exec: `(read, write)`.
    public static func pipe() throws(FileError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pacer_pipe_cloexec(&ends) == 0 else {
            let limit = errno == EMFILE ? " (ulimit -n is \(DescriptorReserve.limit))" : ""
            throw FileError("make", "a pipe", .system(String(cString: strerror(errno)) + limit))
        }
        return (ends[0], ends[1])
    }

    /// Makes reads and writes on `descriptor` return at once instead of waiting (or wait again).
    public static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
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

    /// Creates a directory and its parents, like `mkdir -p`; one it creates gets `mode` (under
    /// the umask), its parents 0755.
    public static func createDirectories(_ path: String, mode: UInt32 = 0o755) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            if mkdir(prefix, index == components.count - 1 ? mode : 0o755) != 0 && errno != EEXIST {
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

/// Which file a path is: its device and inode.
public struct FileIdentity: Sendable, Equatable {
    public let device: UInt64
    public let inode: UInt64
}
