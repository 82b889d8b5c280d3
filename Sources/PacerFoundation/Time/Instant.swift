/// A point on a session's clock: real time since the session started, on the monotonic clock.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the session started.
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The moment the session started.
    public static let start = Instant(nanoseconds: 0)

    /// The instant `seconds` after the start, to the nanosecond.
    public static func seconds(_ seconds: Double) -> Instant {
        Instant(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    /// Seconds since the start, as a floating-point number.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Milliseconds since the start, rounded half away from zero.
    public var milliseconds: Int64 {
        (nanoseconds + (nanoseconds >= 0 ? 500_000 : -500_000)) / 1_000_000
    }

    public var description: String { "\(seconds)s" }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    public static func + (lhs: Instant, rhs: Duration) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    public static func - (lhs: Instant, rhs: Duration) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    public static func - (lhs: Instant, rhs: Instant) -> Duration {
        .nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (the attoseconds below a nanosecond are dropped).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
