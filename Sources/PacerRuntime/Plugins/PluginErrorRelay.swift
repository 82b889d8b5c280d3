import Dispatch
import Glibc
import PacerFoundation
import PacerSystem

/// Shows what a plugin writes on its standard error to the user, each line prefixed with the
/// plugin's name, at most `linesPerSecond` after a first `burst` (room for a URL and its QR
/// code); the rest is counted and the count shown, so a chatty plugin cannot flood the screen.
final class PluginErrorRelay: Sendable {
    static let linesPerSecond = 10.0
    static let burst = 50.0
    /// Longer lines are cut.
    static let maximumLineWidth = 300

    private let name: String
    private let report: @Sendable (TerminalText) -> Void
    private let finished = DispatchSemaphore(value: 0)

    init(name: String, report: @escaping @Sendable (TerminalText) -> Void) {
        self.name = name
        self.report = report
    }

    /// Reads `descriptor` to its end on a thread of its own, then closes it.
    func start(reading descriptor: Int32) {
        BackgroundThread.start { [self] in
            var limiter = RateLimiter(perSecond: Self.linesPerSecond, burst: Self.burst)
            var hidden = 0
            LineSplitter.read(descriptor, maximumLength: 4 * Self.maximumLineWidth) { line in
                guard limiter.allow(at: Clocks.monotonicNanoseconds()) else {
                    hidden += 1
                    return true
                }
                if hidden > 0 {
                    report("\(name): (\(hidden) more line\(hidden == 1 ? "" : "s") not shown)")
                    hidden = 0
                }
                report(("\(name): " + TerminalText(line)).truncated(toWidth: Self.maximumLineWidth))
                return true
            }
            if hidden > 0 { report("\(name): (\(hidden) more line\(hidden == 1 ? "" : "s") not shown)") }
            close(descriptor)
            finished.signal()
        }
    }

    /// Waits up to `seconds` for the plugin's standard error to end and its last lines to be shown.
    func waitUntilFinished(seconds: Double) {
        if finished.wait(timeout: .now() + seconds) == .success { finished.signal() }
    }
}

/// A token bucket: `burst` at once, then `perSecond`.
struct RateLimiter {
    let perSecond: Double
    let burst: Double
    private var tokens: Double
    private var last: Int64?

    init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
        tokens = burst
    }

    /// Whether one more may pass at `now` (monotonic nanoseconds); takes a token if so.
    mutating func allow(at now: Int64) -> Bool {
        if let last { tokens = min(burst, tokens + Double(now - last) / 1e9 * perSecond) }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
