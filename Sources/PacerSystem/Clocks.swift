#if canImport(Glibc)
import Glibc
#endif

/// Readings of the clocks a session uses.
public enum Clocks {
    /// Nanoseconds on the monotonic clock, which does not advance while the machine is suspended.
    public static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The local time as ISO-8601 with its UTC offset: `2026-11-30T06:23:34+01:00`.
    public static func wallTimeISO8601() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        var text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.count >= 5 { text.insert(":", at: text.index(text.endIndex, offsetBy: -2)) }
        return text
    }
}
