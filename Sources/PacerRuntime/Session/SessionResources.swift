import Dispatch
import PacerSystem

/// What a session must have from the system before anything optional starts: the descriptors
/// Dispatch's clock needs (opened now, because Dispatch traps when it cannot open them later) and
/// room for the files the session opens for itself.
public enum SessionResources {
    /// Dispatch's event loop (an epoll set, an eventfd and a timer descriptor) and a little over.
    static let forTheClock = 4
    /// The workout, the log, the history (database, journal, WAL, shared memory), the terminal,
    /// the prompt's history, and what the end of the session reads and writes.
    static let forTheSession = 12
    /// Kept free while optional parts (plugins) start, so that they never take the last descriptors
    /// the session needs later (speech, the summary, the prompt's history).
    public static let keptFromOptionalParts = 6

    /// Opens what the clock needs now and checks that the session's own files will fit; the
    /// message for the user when they will not.
    public static func secure() -> String? {
        let needed = forTheClock + forTheSession
        let room = DescriptorReserve(needed)
        guard room.isComplete else {
            let limit = DescriptorReserve.limit
            return "pacer: only \(room.count) more files can be open at once (ulimit -n is \(limit)) and a session needs \(needed); "
                + "raise the limit (for example ulimit -n \(max(64, limit + needed))) and run again"
        }
        room.release()
        // The first timer makes Dispatch open its event loop's descriptors: let it happen now. On a
        // queue of Pacer's own, not a global one: the first worker of a global queue starts
        // Dispatch's pool monitor, which then wakes the process every second of the session.
        let fired = DispatchSemaphore(value: 0)
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: DispatchQueue(label: "pacer.resources"))
        timer.setEventHandler { fired.signal() }
        timer.schedule(deadline: .now())
        timer.activate()
        fired.wait()
        timer.cancel()
        return nil
    }
}
