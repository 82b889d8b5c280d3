#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Turns SIGINT, SIGTERM, SIGHUP and SIGWINCH into calls on a queue, so shutdown runs as ordinary code.
public final class SignalWatcher: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []

    public init() {}

    /// Calls `handler` with the signal number each time one of `signals` arrives.
    public func watch(_ signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.activate()
            sources.append(source)
        }
    }

    /// Stops the process as Ctrl-Z does by default; SIGCONT (`fg`) continues it.
    public static func stopProcess() {
        kill(getpid(), SIGSTOP)
    }

    /// The exit status a shell expects after a signal: 128 + its number.
    public static func exitStatus(for number: Int32) -> Int32 {
        128 + number
    }
}
