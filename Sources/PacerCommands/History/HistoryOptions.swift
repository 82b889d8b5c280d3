import PacerCommandLine
import PacerFoundation
import PacerSystem

extension Option where Value == CalendarDay {
    /// An option whose value is a day written `YYYY-MM-DD` (`--since`, `--date`), from 1900 to the
    /// end of next year: a day outside is a typo (`0026` for `2026`), not a day anyone trained.
    public static func day(_ name: String, help: String) -> Option {
        Option(name, value: "DATE", help: help) { text throws(UsageError) in
            guard let day = CalendarDay(iso: text) else { throw UsageError(message: "\(name) takes a date as YYYY-MM-DD, not '\(text)'") }
            let nextYear = WallTime.now().localDay.civil.year + 1
            guard (1900...nextYear).contains(day.civil.year) else {
                throw UsageError(message: "\(name) takes a date from 1900 to \(nextYear), not '\(text)'")
            }
            return day
        }
    }
}

extension Option where Value == Int {
    /// `--limit N`: a whole number above 0.
    public static func limit(help: String) -> Option {
        Option("--limit", value: "N", help: help) { text throws(UsageError) in
            guard let limit = Int(text), limit > 0 else { throw UsageError(message: "--limit takes a whole number above 0, not '\(text)'") }
            return limit
        }
    }
}
