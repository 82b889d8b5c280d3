import Glibc

/// The files of one folder as they change, from inotify: written and closed, moved in or out,
/// created or deleted. A folder, not a file, is watched, since editors save by writing a new
/// file and renaming it over the old one.
public final class FolderWatch: Sendable {
    private let descriptor: Int32

    public init(_ folder: String) throws(FileError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileError("watch", folder, errno: errno) }
        let events = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        guard inotify_add_watch(descriptor, folder, events) >= 0 else {
            let code = errno
            close(descriptor)
            throw FileError("watch", folder, errno: code)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Waits for the next changes and returns the names of the files they were to.
    public func next() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        var names: [String] = []
        var offset = 0
        // Each event: int wd, uint32 mask, uint32 cookie, uint32 len, then len bytes of name, NUL-padded.
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
            let name = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            names.append(String(decoding: name, as: UTF8.self))
            offset += header + length
        }
        return names
    }
}
