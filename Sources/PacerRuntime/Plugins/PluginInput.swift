import Glibc

/// A plugin's standard input seen from Pacer's end: the lines waiting to go in, how much went in,
/// and what was dropped because the plugin stopped reading. Writes never wait.
struct PluginInput {
    /// Our end of the plugin's standard input, non-blocking; -1 once closed.
    private(set) var descriptor: Int32
    /// Lines not yet in the pipe whole, oldest first.
    private(set) var waiting: [[UInt8]] = []
    /// Bytes of `waiting[0]` already written.
    private var written = 0
    /// Events and replies the plugin will never get: dropped from a full queue.
    private(set) var dropped = 0
    /// What went into the pipe: every byte, and where each line still perhaps in it ends.
    private var bytesIntoPipe = 0
    private var lineEndsInPipe: [Int] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    var isOpen: Bool { descriptor >= 0 }

    /// Queues `line` and writes what the pipe takes. With `backlog` lines already waiting the
    /// oldest is dropped; returns whether one was.
    mutating func enqueue(_ line: String, backlog: Int) -> Bool {
        guard isOpen else { return false }
        var droppedOne = false
        if waiting.count >= backlog {
            // Keep a line already partly written: the plugin must never see half a line.
            waiting.remove(at: written > 0 ? 1 : 0)
            dropped += 1
            droppedOne = true
        }
        waiting.append(Array((line + "\n").utf8))
        pump()
        return droppedOne
    }

    /// Writes what the plugin's input pipe takes now, without waiting.
    mutating func pump() {
        while isOpen, let first = waiting.first {
            let count = first.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return }
                // The plugin closed its input or ended: nothing more can reach it.
                close()
                waiting = []
                return
            }
            written += count
            bytesIntoPipe += count
            if written == first.count {
                waiting.removeFirst()
                written = 0
                lineEndsInPipe.append(bytesIntoPipe)
                // A pipe holds at most 1 MiB: lines further back have been read.
                lineEndsInPipe.removeFirst(lineEndsInPipe.prefix { $0 <= bytesIntoPipe - (1 << 20) }.count)
            }
        }
    }

    /// Closes our end: the plugin sees the end of its input.
    mutating func close() {
        guard isOpen else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// How many of the lines written into the pipe have not been read whole, by a reader of the
    /// pipe's own (`reader`); 0 when it cannot be told.
    func linesInPipe(unread reader: Int32) -> Int {
        var bytes: Int32 = 0
        guard reader >= 0, ioctl(reader, UInt(FIONREAD), &bytes) == 0 else { return 0 }
        let readUpTo = bytesIntoPipe - Int(bytes)
        return lineEndsInPipe.count { $0 > readUpTo }
    }
}
