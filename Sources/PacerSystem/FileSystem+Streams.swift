import Glibc

extension FileSystem {
    /// Reads a file the user named: a regular file as `read` does; a FIFO or a pipe (`<(cmd)`,
    /// `/dev/fd/N`) until its writer closes it, refusing more than `limit` bytes and giving up when
    /// the whole read takes more than `timeout` seconds, so a FIFO nobody writes to cannot hang pacer.
    public static func readNamed(_ path: String, limit: Int, timeout: Double) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileError("read", path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError("read", path, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK else {
            return try readFile(descriptor, status: status, path: path, limit: limit)
        }
        return try readStream(descriptor, name: path, limit: limit, timeout: timeout)
    }

    /// Reads standard input, called `name` in messages, to its end (a file, a pipe or a terminal
    /// until Ctrl-D), refusing more than `limit` bytes.
    public static func readStandardInput(named name: String, limit: Int) throws(FileError) -> [UInt8] {
        try readStream(STDIN_FILENO, name: name, limit: limit, timeout: nil)
    }

    /// Reads `descriptor` until its end, waiting for data with poll(2) so that it may be
    /// non-blocking; a FIFO whose writer has not come yet is waited for, up to `timeout` seconds.
    /// A stopping signal (`HeldSignals.stopping`) that the caller blocks to handle later ends the
    /// wait at once instead of waiting behind it: the read fails as interrupted, and the signal is
    /// left pending for its handler.
    private static func readStream(_ descriptor: Int32, name: String, limit: Int, timeout: Double?) throws(FileError) -> [UInt8] {
        let deadline = timeout.map { Clocks.monotonicNanoseconds() + Int64($0 * 1e9) }
        let signals = HeldSignals.watch(HeldSignals.stopping)
        defer { if let signals { close(signals) } }
        var bytes: [UInt8] = []
        let chunk = ReadChunk(capacity: 65_536)
        while true {
            var waiting = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: signals ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let milliseconds = deadline.map { Int32(clamping: max(0, ($0 - Clocks.monotonicNanoseconds()) / 1_000_000)) } ?? -1
            let ready = poll(&waiting, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw FileError("read", name, errno: errno)
            }
            if signals != nil, waiting[1].revents != 0, let number = HeldSignals.pending(HeldSignals.stopping) {
                throw FileError("read", name, .interrupted(signal: number))
            }
            if ready == 0, let timeout {
                throw FileError("read", name, .stalled(seconds: Int(timeout), received: bytes.count))
            }
            if waiting[0].revents == 0 { continue }
            let count = chunk.read(from: descriptor)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileError("read", name, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk.bytes(count)
            if bytes.count > limit {
                throw FileError("read", name, .tooLarge(size: nil, limit: limit))
            }
        }
    }
}
