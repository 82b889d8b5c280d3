/// A time on the clock of a day, to the minute: `07:00`, `18:30`.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0 to 1439.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<Self.minutesPerDay).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// `07:00` or `7:00`, on the 24-hour clock; nil for anything else (`7pm`, `24:00`, `07:60`).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    public static let minutesPerDay = 24 * 60

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `07:00`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}
