internal import CSpawn
import Glibc

/// Signals the process blocks to handle them later, noticed while it waits for something else: a
/// wait that Ctrl-C should end must not outlast it just because the signal is held back.
public enum HeldSignals {
    /// The signals that ask Pacer to stop: Ctrl-C, `kill`, a terminal closing.
    public static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The first of `signals` that is pending, held back by the signal mask, or nil when none is.
    /// It is left pending, for whoever handles it.
    public static func pending(_ signals: [Int32]) -> Int32? {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return nil }
        return signals.first { sigismember(&pending, $0) == 1 }
    }

    /// The signal's name, as `kill -l` has it (`SIGINT`).
    public static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }

    /// A descriptor that is readable while one of `signals` that the calling thread blocks is
    /// pending (reading it would take the signal: `pending(_:)` says which it is), or nil when the
    /// thread blocks none of them.
    static func watch(_ signals: [Int32]) -> Int32? {
        var blocked = sigset_t()
        guard pthread_sigmask(SIG_BLOCK, nil, &blocked) == 0 else { return nil }
        var held = sigset_t()
        sigemptyset(&held)
        let watched = signals.filter { sigismember(&blocked, $0) == 1 }
        guard !watched.isEmpty else { return nil }
        for number in watched { sigaddset(&held, number) }
        let descriptor = pacer_signalfd(&held)
        return descriptor >= 0 ? descriptor : nil
    }
}
