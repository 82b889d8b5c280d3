/// A moment on the wall clock: UTC seconds since the epoch and the local UTC offset in force
/// then, so the local date and time it had can be told later, wherever the reader is. The event
/// stream carries it as `wall` (`2026-11-30T06:23:34+01:00`, written by `iso8601`); PacerSystem
/// reads it from the machine (`WallTime.now()`).
public struct WallTime: Sendable, Hashable {
    public var epochSeconds: Int64
    /// Seconds east of UTC (`+01:00` is 3600).
    public var utcOffset: Int

    public init(epochSeconds: Int64, utcOffset: Int) {
        self.epochSeconds = epochSeconds
        self.utcOffset = utcOffset
    }

    /// Reads `2026-11-30T06:23:34+01:00` as the event stream's `wall` is written, and every form of
    /// it an earlier pacer or another program may have stored: `+0100`, `+01`, `Z`, fractions of a
    /// second (dropped), a space for the `T`, or no offset at all, read as written (offset 0, so it
    /// shows the same day and time).
    public init?(iso8601 text: String) {
        let scalars = Array(text.utf8)
        guard scalars.count >= 19, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(scalars[10]),
            let day = CalendarDay(iso: String(decoding: scalars[0..<10], as: UTF8.self)),
            let hour = Self.number(scalars[11..<13]), scalars[13] == UInt8(ascii: ":"),
            let minute = Self.number(scalars[14..<16]), scalars[16] == UInt8(ascii: ":"),
            let second = Self.number(scalars[17..<19]), hour < 24, minute < 60, second < 61
        else { return nil }
        var zone = scalars[19...]
        if let mark = zone.first, mark == UInt8(ascii: ".") || mark == UInt8(ascii: ",") {
            let fraction = zone.dropFirst().prefix(while: \.isASCIIDigit)
            guard !fraction.isEmpty else { return nil }
            zone = zone[fraction.endIndex...]
        }
        guard let offset = Self.offset(zone) else { return nil }
        let local = Int64(day.number) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(epochSeconds: local - Int64(offset), utcOffset: offset)
    }

    /// Seconds east of UTC from `+01:00`, `+0100`, `+01`, `Z` or nothing (0).
    private static func offset(_ zone: ArraySlice<UInt8>) -> Int? {
        if zone.isEmpty || zone.elementsEqual("Z".utf8) || zone.elementsEqual("z".utf8) { return 0 }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = zone.dropFirst()
        let hours: Int?
        let minutes: Int?
        switch digits.count {
        case 2: (hours, minutes) = (number(digits), 0)
        case 4: (hours, minutes) = (number(digits.prefix(2)), number(digits.suffix(2)))
        case 5 where digits[digits.startIndex + 2] == UInt8(ascii: ":"):
            (hours, minutes) = (number(digits.prefix(2)), number(digits.suffix(2)))
        default: return nil
        }
        guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// Seconds since 1970-01-01T00:00 on the local clock of this moment.
    private var localSeconds: Int64 { epochSeconds + Int64(utcOffset) }

    /// The local calendar day.
    public var localDay: CalendarDay {
        CalendarDay(number: Int(localSeconds.floorDivided(by: 86_400)))
    }

    /// The local time of day, to the minute.
    public var timeOfDay: TimeOfDay {
        TimeOfDay(minutes: secondOfDay / 60)!
    }

    /// Seconds since local midnight.
    private var secondOfDay: Int {
        Int(localSeconds - Int64(localDay.number) * 86_400)
    }

    /// The local time of day: `18:05`, or `18:05:12` with seconds.
    public func clock(seconds: Bool = false) -> String {
        let ofDay = secondOfDay
        let text = "\(CalendarDay.twoDigits(ofDay / 3600)):\(CalendarDay.twoDigits(ofDay / 60 % 60))"
        return seconds ? text + ":\(CalendarDay.twoDigits(ofDay % 60))" : text
    }

    /// `+01:00`, `-05:30`, `+00:00`.
    public var offsetText: String {
        let minutes = abs(utcOffset) / 60
        return (utcOffset < 0 ? "-" : "+") + "\(CalendarDay.twoDigits(minutes / 60)):\(CalendarDay.twoDigits(minutes % 60))"
    }

    /// `2026-11-30T06:23:34+01:00`: local time with its offset.
    public var iso8601: String {
        "\(localDay)T\(clock(seconds: true))\(offsetText)"
    }

    private static func number(_ digits: some Collection<UInt8>) -> Int? {
        guard digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
