import Glibc

/// A thread of its own that sleeps until a deadline on the monotonic clock and then runs a job,
/// once per deadline armed. It is the only thread woken when a deadline comes: no timer thread
/// hands the wake-up on to another.
public final class DeadlineThread: Sendable {
    // `state` is touched only while `mutex` is held; the thread keeps the object alive until stopped.
    private nonisolated(unsafe) let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private nonisolated(unsafe) let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private nonisolated(unsafe) let state = UnsafeMutablePointer<(deadline: Int64?, stopped: Bool)>.allocate(capacity: 1)

    /// Starts the thread; `fire` runs on it each time an armed deadline is reached.
    public init(fire: @escaping @Sendable () -> Void) {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        state.initialize(to: (nil, false))
        BackgroundThread.start { [self] in run(fire) }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
        state.deallocate()
    }

    /// Arms the one deadline, in nanoseconds of `Clocks.monotonicNanoseconds()`, replacing the one
    /// before; nil disarms it. A deadline already past fires at once.
    public func arm(_ deadline: Int64?) {
        pthread_mutex_lock(mutex)
        let previous = state.pointee.deadline
        state.pointee.deadline = deadline
        // The thread sleeps until the deadline it last saw and then looks again: only an earlier one
        // needs it woken now. Re-arming for the same deadline (after every command) wakes nobody.
        if let deadline, previous.map({ deadline < $0 }) ?? true { pthread_cond_signal(condition) }
        pthread_mutex_unlock(mutex)
    }

    /// Disarms for good and lets the thread end.
    public func stop() {
        pthread_mutex_lock(mutex)
        state.pointee = (nil, true)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    private func run(_ fire: @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        while !state.pointee.stopped {
            guard let deadline = state.pointee.deadline else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            guard Clocks.monotonicNanoseconds() >= deadline else {
                var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &until)
                continue
            }
            state.pointee.deadline = nil
            pthread_mutex_unlock(mutex)
            fire()
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
