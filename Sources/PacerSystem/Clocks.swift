import Glibc

/// Readings of the monotonic clock a session runs on (its wall time is `WallTime.now()`, in PacerRuntime).
public enum Clocks {
    /// Nanoseconds on the monotonic clock, which does not advance while the machine is suspended.
    public static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
