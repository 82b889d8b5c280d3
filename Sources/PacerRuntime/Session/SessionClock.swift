import Dispatch
import PacerFoundation
import PacerSystem
import Synchronization

/// The time a session runs on: what time it is, and one wake-up at a deadline.
///
/// `MonotonicSessionClock` runs on the monotonic clock; `ManualClock` runs only when a test moves
/// it, so driver tests are exact and never sleep.
public protocol SessionClock: AnyObject, Sendable {
    /// Makes now the session's start and sets what runs, on `queue`, at each wake-up.
    func start(on queue: DispatchQueue, wake: @escaping @Sendable () -> Void)
    /// The time since the session's start.
    func now() -> Instant
    /// Arms the one wake-up for `deadline`, replacing the one before; nil disarms it.
    func schedule(_ deadline: Instant?)
    /// Disarms for good.
    func stop()
}

/// The production clock: `CLOCK_MONOTONIC` (which stops while the machine sleeps, as the
/// session should) and a `DeadlineThread` that runs each wake-up on the driver's queue with
/// `sync`. The queue is idle when a wake-up is due, so the wake-up runs on that thread: a second
/// of the session wakes one thread, where a Dispatch timer wakes its timer thread and then a worker.
// @unchecked: `origin` and `thread` change only in start and stop, both on the driver's queue, which the checker cannot see.
public final class MonotonicSessionClock: SessionClock, @unchecked Sendable {
    // Set once in `start`, before anything is armed.
    private var origin: Int64 = 0
    private var thread: DeadlineThread?

    public init() {}

    public func start(on queue: DispatchQueue, wake: @escaping @Sendable () -> Void) {
        thread = DeadlineThread { queue.sync(execute: wake) }
        // Read after the thread is made, which takes a while on a busy machine: the session starts now.
        origin = Clocks.monotonicNanoseconds()
    }

    public func now() -> Instant {
        Instant(nanoseconds: Clocks.monotonicNanoseconds() - origin)
    }

    public func schedule(_ deadline: Instant?) {
        thread?.arm(deadline.map { origin + $0.nanoseconds })
    }

    public func stop() {
        thread?.stop()
    }
}

/// A clock that moves only when told, for tests: `advance(to:)` runs each wake-up that falls due,
/// in deadline order, synchronously on the driver's queue.
public final class ManualClock: SessionClock, Sendable {
    private struct State {
        var now = Instant.start
        var deadline: Instant?
        var queue: DispatchQueue?
        var wake: (@Sendable () -> Void)?
        /// A stall that begins as soon as the clock is next read.
        var stallAfterNextReading: Duration?
    }

    private let state = Mutex(State())

    public init() {}

    public func start(on queue: DispatchQueue, wake: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.queue = queue
            state.wake = wake
        }
    }

    public func now() -> Instant {
        state.withLock { state in
            let now = state.now
            if let stall = state.stallAfterNextReading {
                state.now = now + stall
                state.stallAfterNextReading = nil
            }
            return now
        }
    }

    public func schedule(_ deadline: Instant?) {
        state.withLock { $0.deadline = deadline }
    }

    public func stop() {
        state.withLock { $0.deadline = nil }
    }

    /// The armed deadline, if any.
    public var deadline: Instant? { state.withLock { $0.deadline } }

    /// Moves time to `target`, stopping at each armed deadline on the way to run its wake-up, as
    /// a real timer would fire. Work already queued on the driver's queue runs first.
    public func advance(to target: Instant) {
        while true {
            let step: (DispatchQueue, @Sendable () -> Void)? = state.withLock { state in
                guard let deadline = state.deadline, deadline <= target, let queue = state.queue, let wake = state.wake else {
                    state.now = max(state.now, target)
                    return nil
                }
                state.now = max(state.now, deadline)
                state.deadline = nil
                return (queue, wake)
            }
            guard let (queue, wake) = step else { break }
            queue.sync(execute: wake)
        }
        settle()
    }

    /// Moves time on by `duration` without a wake-up on the way, as when the process was stopped or
    /// the machine slept, then runs what is due.
    public func stall(for duration: Duration) {
        state.withLock { $0.now = $0.now + duration }
        advance(to: now())
    }

    /// Moves time on by `duration` just after the clock is next read, with no wake-up on the way:
    /// time that passes between reading the time and acting on it (busy, or stopped).
    public func stallAfterNextReading(for duration: Duration) {
        state.withLock { $0.stallAfterNextReading = duration }
    }

    /// Moves time on by `duration`.
    public func advance(by duration: Duration) {
        advance(to: now() + duration)
    }

    /// Waits for the work already queued on the driver's queue (commands submitted) to run.
    public func settle() {
        state.withLock { $0.queue }?.sync {}
    }
}
