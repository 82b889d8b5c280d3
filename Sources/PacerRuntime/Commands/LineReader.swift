#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore
import PacerSystem
import Synchronization

/// Commands as plain lines from a file descriptor that is not driven by readline: a pipe, a file,
/// a FIFO, a dumb terminal, a plugin's output.
///
/// It reads on a thread of its own and hands over one line at a time, reading on only once the
/// line has been carried out: a flood of input waits in the pipe (which pushes back on the
/// writer) instead of in memory, no line is lost, and replies keep their order. At most
/// `ratePerSecond` lines are taken per second when a rate is set.
public final class LineReader: CommandSource, Sendable {
    /// Longer lines are cut to this many bytes (the rest of the line is skipped).
    public static let maximumLineLength = 4096

    private let descriptor: Int32
    private let ratePerSecond: Double?
    private let stopped = Atomic<Bool>(false)

    public init(descriptor: Int32, ratePerSecond: Double? = nil) {
        self.descriptor = descriptor
        self.ratePerSecond = ratePerSecond
    }

    public func start(_ inbox: CommandInbox) {
        BackgroundThread.start { [self] in
            readLines { line in
                guard !stopped.load(ordering: .relaxed) else { return false }
                let handled = DispatchSemaphore(value: 0)
                inbox.submit(line) { handled.signal() }
                handled.wait()
                if let ratePerSecond { usleep(UInt32(1_000_000 / ratePerSecond)) }
                return !stopped.load(ordering: .relaxed)
            }
            if !stopped.load(ordering: .relaxed) { inbox.end() }
        }
    }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// Reads until end of input (or until `handle` returns false), calling `handle` with each line
    /// without its `\n` or `\r\n`; a last line without a newline counts too.
    private func readLines(_ handle: (String) -> Bool) {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk[..<count] {
                if byte == UInt8(ascii: "\n") {
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    guard handle(String(decoding: line, as: UTF8.self)) else { return }
                    line.removeAll(keepingCapacity: true)
                } else if line.count < Self.maximumLineLength {
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty { _ = handle(String(decoding: line, as: UTF8.self)) }
    }
}
