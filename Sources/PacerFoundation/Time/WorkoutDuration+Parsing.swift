extension WorkoutDuration {
    /// Why a duration text could not be read.
    public enum ParseError: Error, Sendable, Equatable {
        case malformed
        case notPositive
        case tooLong
    }

    /// Reads a duration in seconds (fractions are rounded to the millisecond).
    public static func fromSeconds(_ seconds: Double) throws(ParseError) -> WorkoutDuration {
        guard seconds.isFinite, seconds > 0 else { throw seconds.isFinite ? .notPositive : .tooLong }
        guard seconds <= maximumStep.seconds else { throw .tooLong }
        let duration = WorkoutDuration(milliseconds: Int64((seconds * 1000).rounded()))
        guard duration > .zero else { throw .notPositive }
        return duration
    }

    /// Reads every duration syntax of format 1: `"90"`, `"45s"`, `"1m30s"`, `"1m 30s"`, `"1h5m"`,
    /// `"500ms"`, `"45 sec"`, `"2 mins"`, `"1 hour"`, `"1:30"` (m:ss) and `"1:02:03"` (h:mm:ss).
    public static func parse(_ text: String) throws(ParseError) -> WorkoutDuration {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .malformed }
        let seconds: Double
        if trimmed.contains(":") {
            seconds = try parseClock(trimmed)
        } else if let plain = parseDecimal(Substring(trimmed)) {
            seconds = plain
        } else {
            seconds = try parseUnits(trimmed)
        }
        return try fromSeconds(seconds)
    }

    private static func parseClock(_ text: String) throws(ParseError) -> Double {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { throw .malformed }
        var total = 0.0
        for (position, field) in fields.enumerated() {
            let isFirst = position == 0
            let isLast = position == fields.count - 1
            guard let value = isLast ? parseDecimal(field) : parseDecimal(field, allowFraction: false) else {
                throw .malformed
            }
            if !isFirst {
                let wholeDigits = field.prefix { $0 != "." }
                guard wholeDigits.count == 2, value < 60 else { throw .malformed }
            }
            total = total * 60 + value
        }
        return total
    }

    /// Every spelling of every unit, longest first so that `min` is not read as `m` followed by `in`;
    /// `rank` orders the units from the largest.
    private static let units: [(suffix: String, seconds: Double, rank: Int)] = [
        ("hours", 3600, 0), ("hour", 3600, 0), ("mins", 60, 1), ("secs", 1, 2),
        ("min", 60, 1), ("sec", 1, 2), ("ms", 0.001, 3), ("h", 3600, 0), ("m", 60, 1), ("s", 1, 2),
    ]

    private static func parseUnits(_ text: String) throws(ParseError) -> Double {
        var rest = Substring(text)
        var total = 0.0
        var previousRank = -1
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let value = parseDecimal(number) else { throw .malformed }
            rest = rest.dropFirst(number.count).drop { $0 == " " }
            guard let unit = units.firstIndex(where: { rest.hasPrefix($0.suffix) }) else { throw .malformed }
            let rank = units[unit].rank
            guard rank > previousRank else { throw .malformed }
            previousRank = rank
            total += value * units[unit].seconds
            rest = rest.dropFirst(units[unit].suffix.count).drop { $0 == " " }
        }
        return total
    }

    /// Reads `12`, `12.5` or `.5`-free decimals made of ASCII digits only.
    private static func parseDecimal(_ text: Substring, allowFraction: Bool = true) -> Double? {
        guard let first = text.first, first.isASCII, first.isNumber else { return nil }
        var sawPoint = false
        for character in text {
            if character == "." {
                guard allowFraction, !sawPoint else { return nil }
                sawPoint = true
            } else if !(character.isASCII && character.isNumber) {
                return nil
            }
        }
        guard text.last != "." else { return nil }
        return Double(String(text))
    }
}
