import Glibc
import PacerSystem

/// Turns the signals a session cares about into calls, on a thread of its own that waits for
/// them with `sigwait`. The signals are blocked first, before any other thread exists, so none
/// is lost or acted on by default however early it comes: it waits until it is handled.
public enum SignalWatcher {
    /// The signals a session handles: ending, stopping and continuing, resizing.
    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

    /// Blocks the watched signals; call before any thread is started, so that all inherit the mask.
    public static func blockWatchedSignals() {
        var set = watchedSet
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Calls `handler` with each watched signal as it arrives, on the watcher's own thread.
    public static func start(_ handler: @escaping @Sendable (Int32) -> Void) {
        BackgroundThread.start {
            var set = watchedSet
            while true {
                var number: Int32 = 0
                if sigwait(&set, &number) == 0 { handler(number) }
            }
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

    private static var watchedSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in watched { sigaddset(&set, number) }
        return set
    }
}
