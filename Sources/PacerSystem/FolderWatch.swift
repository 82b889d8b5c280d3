import Glibc
import Synchronization

/// The files of some folders as they change, from inotify: written and closed, moved in or out,
/// created or deleted. Folders, not files, are watched, since editors save by writing a new file
/// and renaming it over the old one. A folder deleted or moved away is no longer watched until
/// `add` finds it again.
public final class FolderWatch: Sendable {
    /// A change in a watched folder: to the file `name`, or to the folder itself when `name` is empty.
    public struct Change: Sendable, Equatable {
        public let folder: String
        public let name: String
    }

    private let descriptor: Int32
    /// Each folder watched, and its watch.
    private let watches = Mutex<[String: Int32]>([:])

    public init() throws(FileError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileError("watch", "the files", errno: errno) }
    }

    deinit {
        close(descriptor)
    }

    /// Watches `folder` from now on, unless it is already watched.
    public func add(_ folder: String) throws(FileError) {
        guard !isWatching(folder) else { return }
        let events =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        let watch = inotify_add_watch(descriptor, folder, events)
        guard watch >= 0 else { throw FileError("watch", folder, errno: errno) }
        watches.withLock { $0[folder] = watch }
    }

    /// Whether `folder` is watched now.
    public func isWatching(_ folder: String) -> Bool {
        watches.withLock { $0[folder] != nil }
    }

    /// Waits for the next changes, at most `timeout` milliseconds (-1: for as long as it takes),
    /// and returns them; none when the time ran out.
    public func next(timeout: Int32 = -1) -> [Change] {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, timeout) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        var changes: [Change] = []
        var offset = 0
        // Each event: int wd, uint32 mask, uint32 cookie, uint32 len, then len bytes of name, NUL-padded.
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes {
                (
                    $0.load(fromByteOffset: offset, as: Int32.self), $0.load(fromByteOffset: offset + 4, as: UInt32.self),
                    Int($0.load(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let name = String(decoding: buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }, as: UTF8.self)
            let folders = watches.withLock { watches in
                let folders = watches.filter { $0.value == watch }.map(\.key)
                // The folder went (deleted, or moved and so no longer at its path): watched no more.
                if mask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
                    folders.forEach { watches[$0] = nil }
                    inotify_rm_watch(descriptor, watch)
                }
                return folders
            }
            changes += folders.map { Change(folder: $0, name: name) }
            offset += header + length
        }
        return changes
    }
}
