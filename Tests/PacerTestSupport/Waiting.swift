import Dispatch

/// Sleeps `milliseconds` on the monotonic clock.
package func usleepMilliseconds(_ milliseconds: Int) {
    let semaphore = DispatchSemaphore(value: 0)
    _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
}

/// Seconds since an arbitrary origin, on the monotonic clock.
package func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
