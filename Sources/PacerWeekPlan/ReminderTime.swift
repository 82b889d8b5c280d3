import PacerFoundation

/// A time reminders come at every week, with the days it comes on.
public struct ReminderTime: Sendable, Equatable {
    /// In week order, each once.
    public let days: [Weekday]
    public let time: TimeOfDay
}

extension WeekPlan {
    /// When the reminders for this plan come, by time of day: `reminders.lead` before each planned
    /// time (on the day before when that is before midnight), and at `reminders.untimed` on a
    /// planned day without a time. Days that share a time share one entry.
    public var reminderTimes: [ReminderTime] {
        var days: [TimeOfDay: Set<Weekday>] = [:]
        for entry in entries {
            for day in entry.days {
                guard let time = entry.time else {
                    days[reminders.untimed, default: []].insert(day)
                    continue
                }
                let minutes = time.minutes - reminders.lead
                let before = minutes < 0 ? Weekday(rawValue: (day.rawValue + 5) % 7 + 1)! : day
                days[TimeOfDay(minutes: (minutes + TimeOfDay.minutesPerDay) % TimeOfDay.minutesPerDay)!, default: []].insert(before)
            }
        }
        return days.map { ReminderTime(days: $0.value.sorted(), time: $0.key) }.sorted { $0.time < $1.time }
    }
}
