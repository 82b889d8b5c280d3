import PacerFoundation
import PacerSettingsFile

extension WeekPlan {
    /// The keys a plan file may have, at the top and in an entry and in `reminders`.
    static let keys = ["$schema", "$comment", "entries", "reminders"]
    static let entryKeys = ["$comment", "days", "time", "workout", "since"]
    static let reminderKeys = ["$comment", "lead", "untimed"]

    /// The longest workout reference an entry may hold, in characters.
    public static let maximumReference = 4096

    static let entryExample = #"{"days": ["mon", "thu"], "time": "07:00", "workout": "seven-minute"}"#

    /// Reads a plan file, checking it as strictly as the config: every problem, each with its line
    /// and column, and the key or day a misspelt one probably meant.
    public static func decode(_ bytes: [UInt8]) throws(ConfigErrors) -> WeekPlan {
        var check = SettingsFileCheck(bytes)
        guard let members = check.members(of: try check.root(), "the plan", example: #"{"entries": [\#(entryExample)]}"#) else {
            throw ConfigErrors(check.problems)
        }
        var plan = WeekPlan()
        for member in members {
            switch member.key {
            case "$schema", "$comment":
                break
            case "entries":
                guard case .array(let elements) = member.value.content else {
                    check.report(
                        member.value, "\"entries\" must be an array of entries such as \(entryExample), not \(member.value.typeName)")
                    continue
                }
                if elements.count > maximumEntries {
                    check.report(member.value, "the plan has \(elements.count) entries; at most \(maximumEntries) are read")
                    continue
                }
                plan.entries = elements.compactMap { check.entry($0) }
            case "reminders":
                if let reminders = check.reminders(member.value) { plan.reminders = reminders }
            default:
                check.unknownKey(member, keys: keys)
            }
        }
        try check.finish()
        return plan
    }
}

extension SettingsFileCheck {
    /// One entry of the plan, or nil with its problems noted.
    fileprivate mutating func entry(_ value: JSONValue) -> WeekPlan.Entry? {
        guard let members = members(of: value, "each entry", example: WeekPlan.entryExample) else { return nil }
        var days: [Weekday]?
        var time: TimeOfDay?
        var workout: PlannedWorkout?
        var since: CalendarDay?
        var sound = true
        for member in members {
            let value = member.value
            switch member.key {
            case "$comment":
                break
            case "days":
                days = self.days(value)
            case "time":
                time = timeOfDay(value, "time")
            case "workout":
                workout = self.workout(value)
            case "since":
                guard case .string(let text) = value.content, let day = CalendarDay(iso: text) else {
                    report(value, "\"since\" must be a date as YYYY-MM-DD, such as \"2026-11-30\", not \(Self.shown(value))")
                    sound = false
                    continue
                }
                since = day
            default:
                unknownKey(member, keys: WeekPlan.entryKeys)
                sound = false
            }
            if member.key == "time" && time == nil { sound = false }
        }
        if !members.contains(where: { $0.key == "days" }) {
            report(value, "an entry needs \"days\": the days of the week it plans, such as [\"mon\", \"thu\"]")
        }
        if !members.contains(where: { $0.key == "workout" }) {
            report(value, "an entry needs \"workout\": a workout's name, a file or a line of notation")
        }
        guard sound, let days, let workout else { return nil }
        return WeekPlan.Entry(days: days, time: time, workout: workout, since: since)
    }

    /// The days of an entry, in week order, or nil with each wrong one noted.
    private mutating func days(_ value: JSONValue) -> [Weekday]? {
        let example = "such as [\"mon\", \"thu\"]"
        guard case .array(let elements) = value.content else {
            report(value, "\"days\" must be an array of days of the week \(example), not \(value.typeName)")
            return nil
        }
        guard !elements.isEmpty else {
            report(value, "\"days\" is empty: name at least one day, \(example)")
            return nil
        }
        var days: [Weekday] = []
        var sound = true
        for element in elements {
            guard case .string(let word) = element.content, let day = Weekday(word: word) else {
                var message = "\(Self.shown(element)) is not a day of the week"
                if case .string(let word) = element.content, let suggestion = Suggestion.closest(to: word, among: Weekday.words) {
                    message += " (did you mean \"\(suggestion)\"?)"
                }
                report(element, message + "; the days are mon, tue, wed, thu, fri, sat, sun")
                sound = false
                continue
            }
            if days.contains(day) {
                report(element, "\(day.name) is named twice in \"days\"")
                sound = false
            }
            days.append(day)
        }
        return sound ? days.sorted() : nil
    }

    /// A time of day under `key`, or nil with the problem noted.
    fileprivate mutating func timeOfDay(_ value: JSONValue, _ key: String) -> TimeOfDay? {
        guard case .string(let text) = value.content, let time = TimeOfDay(text) else {
            report(
                value,
                "\"\(key)\" must be a time of day as HH:MM on the 24-hour clock, such as \"07:00\" or \"18:30\", not \(Self.shown(value))")
            return nil
        }
        return time
    }

    /// The workout of an entry, or nil with the problem noted.
    private mutating func workout(_ value: JSONValue) -> PlannedWorkout? {
        let kinds = "its name (seven-minute), a file (~/w/hills.json) or a line of notation"
        guard case .string(let text) = value.content, !text.isBlank else {
            report(value, "\"workout\" must name a workout: \(kinds), not \(Self.shown(value))")
            return nil
        }
        guard text.count <= WeekPlan.maximumReference else {
            report(value, "\"workout\" is \(text.count) characters long; at most \(WeekPlan.maximumReference)")
            return nil
        }
        guard TerminalText.visible(text, keepingLineBreaks: false) == text else {
            report(value, "\"workout\" holds control characters (\(Self.shown(value))): \(kinds), on one line")
            return nil
        }
        return PlannedWorkout(text)
    }

    /// The reminder settings, or nil with each problem noted.
    fileprivate mutating func reminders(_ value: JSONValue) -> ReminderSettings? {
        guard let members = members(of: value, "\"reminders\"", example: #"{"lead": "15m", "untimed": "18:00"}"#) else { return nil }
        var settings = ReminderSettings()
        for member in members {
            switch member.key {
            case "$comment":
                break
            case "lead":
                guard case .string(let text) = member.value.content, case .success(let lead) = ReminderSettings.lead(from: text) else {
                    report(
                        member.value,
                        "\"lead\" is how long before a planned time the reminder comes: whole minutes up to 12h, "
                            + "such as \"15m\", \"1h\" or \"0\", not \(Self.shown(member.value))")
                    continue
                }
                settings.lead = lead
            case "untimed":
                if let time = timeOfDay(member.value, "untimed") { settings.untimed = time }
            default:
                unknownKey(member, keys: WeekPlan.reminderKeys)
            }
        }
        return settings
    }

    /// A value as a message shows it: a string quoted, anything else by its type.
    private static func shown(_ value: JSONValue) -> String {
        guard case .string(let text) = value.content else { return value.typeName }
        return JSONText.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    }
}
