import Glibc
import PacerFoundation

extension WallTime {
    /// Now, with this machine's current UTC offset: the session's one source of wall time, which
    /// its engine reads for `session.start` and `session.end`.
    public static func now() -> WallTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return WallTime(epochSeconds: Int64(seconds), utcOffset: parts.tm_gmtoff)
    }
}
