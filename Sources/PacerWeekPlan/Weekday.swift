import PacerFoundation

/// A day of the week, Monday first as ISO 8601 counts them (1 to 7).
public enum Weekday: Int, Sendable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// `mon`, as the plan file and `pacer plan add` write it.
    public var key: String { String(name.prefix(3)).lowercased() }

    /// `Monday`.
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }

    /// `Mon`.
    public var abbreviation: String { String(name.prefix(3)) }

    /// The day a word names: `mon` or `monday`, in any case.
    public init?(word: String) {
        let lowered = word.lowercased()
        guard let day = Self.allCases.first(where: { $0.key == lowered || $0.name.lowercased() == lowered }) else { return nil }
        self = day
    }

    /// Every word a day may be written as, for suggestions: `mon`, `monday`, …
    public static let words = allCases.flatMap { [$0.key, $0.name.lowercased()] }

    /// The days a command-line word names: `mon,wed,fri`, `daily`, `weekdays` or `weekend`,
    /// in week order, each once; or the first word that names no day.
    public static func days(in text: String) -> Result<[Weekday], DayWordError> {
        var days: Set<Weekday> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let group = groups[word.lowercased()] {
                days.formUnion(group)
            } else if let day = Weekday(word: word) {
                days.insert(day)
            } else {
                return .failure(DayWordError(word: word))
            }
        }
        return .success(days.sorted())
    }

    /// Days as people say them: `daily`, `weekdays`, `weekend`, else `Mon, Wed, Fri`.
    public static func spoken(_ days: [Weekday]) -> String {
        let set = Set(days)
        if let group = ["daily", "weekdays", "weekend"].first(where: { Set(groups[$0]!) == set }) { return group }
        return days.map(\.abbreviation).joined(separator: ", ")
    }

    /// The words that stand for several days.
    public static let groups: [String: [Weekday]] = [
        "daily": allCases, "weekdays": [.monday, .tuesday, .wednesday, .thursday, .friday], "weekend": [.saturday, .sunday],
    ]

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A word that names no day of the week, with what it probably meant.
public struct DayWordError: Error, Sendable, CustomStringConvertible {
    public let word: String

    public var description: String {
        let candidates = Weekday.words + Weekday.groups.keys.sorted()
        let hint = Suggestion.closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
        return
            "'\(word)' is not a day of the week\(hint): write mon, tue, wed, thu, fri, sat, sun, separated by commas, or daily, weekdays, weekend"
    }
}

extension CalendarDay {
    /// The day of the week this date falls on.
    public var dayOfWeek: Weekday { Weekday(rawValue: weekday)! }

    /// The Monday that starts this date's ISO week.
    public var monday: CalendarDay { adding(days: 1 - weekday) }
}
