/// A date on the proleptic Gregorian calendar, counted in days from 1970-01-01; pure arithmetic,
/// no time zone database.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    /// The day, or nil when there is no such date (`2026-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        // Howard Hinnant's days_from_civil: years start in March so the leap day comes last.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// `2026-11-30`, or nil when the text is not a date of that form.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month (1–12) and day of the month.
    public var civil: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 1 for Monday through 7 for Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let fromMonday = (number + 3) % 7
        return (fromMonday < 0 ? fromMonday + 7 : fromMonday) + 1
    }

    /// The ISO-8601 week this day belongs to: the week (Monday to Sunday) of its Thursday.
    public var isoWeek: ISOWeek {
        let thursday = number - weekday + 4
        let year = CalendarDay(number: thursday).civil.year
        let firstOfYear = CalendarDay(year: year, month: 1, day: 1)!.number
        return ISOWeek(year: year, week: (thursday - firstOfYear) / 7 + 1)
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(number: number + days) }

    /// `2026-11-30`.
    public var description: String {
        let (year, month, day) = civil
        return "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
    }

    /// `Mon 30 Nov 2026`.
    public var spoken: String {
        "\(shortSpoken) \(civil.year)"
    }

    /// `Mon 30 Nov`.
    public var shortSpoken: String {
        let (_, month, day) = civil
        return "\(Self.weekdayNames[weekday - 1]) \(day) \(Self.monthNames[month - 1])"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.number < rhs.number }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

/// An ISO-8601 week: `2026-W48`, Monday to Sunday, in the year that holds its Thursday.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    public var description: String { "\(year)-W\(CalendarDay.twoDigits(week))" }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool { (lhs.year, lhs.week) < (rhs.year, rhs.week) }
}

extension BinaryInteger {
    /// Division rounding towards minus infinity, so days before 1970 and negative offsets come out right.
    public func floorDivided(by divisor: Self) -> Self {
        let quotient = self / divisor
        return self % divisor != 0 && (self < 0) != (divisor < 0) ? quotient - 1 : quotient
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
