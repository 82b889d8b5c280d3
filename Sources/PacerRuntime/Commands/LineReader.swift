import Dispatch
import Glibc
import PacerEngine
import PacerSystem

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
    private let stopped = OnceFlag()

    public init(descriptor: Int32, ratePerSecond: Double? = nil) {
        self.descriptor = descriptor
        self.ratePerSecond = ratePerSecond
    }

    public func start(_ inbox: CommandInbox) {
        BackgroundThread.start { [self] in
            LineSplitter.read(descriptor, maximumLength: Self.maximumLineLength) { line in
                guard !stopped.isSet else { return false }
                let handled = DispatchSemaphore(value: 0)
                inbox.submit(line) { handled.signal() }
                handled.wait()
                if let ratePerSecond { usleep(UInt32(1_000_000 / ratePerSecond)) }
                return !stopped.isSet
            }
            if !stopped.isSet { inbox.end() }
        }
    }

    public func stop() {
        stopped.set()
    }
}
