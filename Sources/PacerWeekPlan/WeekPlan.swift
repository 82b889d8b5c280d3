import PacerFoundation

/// The user's training week, from `$XDG_CONFIG_HOME/pacer/plan.json`: which workout on which days
/// of every week, at what time if one is set, and when reminders come.
public struct WeekPlan: Sendable, Equatable {
    /// One entry of the plan: a workout on some days of every week.
    public struct Entry: Sendable, Equatable {
        /// In week order, each once, never empty.
        public var days: [Weekday]
        public var time: TimeOfDay?
        public var workout: PlannedWorkout
        /// The first day the entry counts from in the plan's statistics; nil for every week.
        public var since: CalendarDay?

        public init(days: [Weekday], time: TimeOfDay?, workout: PlannedWorkout, since: CalendarDay? = nil) {
            self.days = days
            self.time = time
            self.workout = workout
            self.since = since
        }

        /// Whether the entry plans a session on `day`.
        public func plans(_ day: CalendarDay) -> Bool {
            days.contains(day.dayOfWeek) && since.map { $0 <= day } != false
        }
    }

    public var entries: [Entry]
    public var reminders: ReminderSettings

    public init(entries: [Entry] = [], reminders: ReminderSettings = ReminderSettings()) {
        self.entries = entries
        self.reminders = reminders
    }

    /// The plan's file in the config folder.
    public static let fileName = "plan.json"

    /// Where the plan file is, for the config folder `folder`.
    public static func path(configFolder folder: String) -> String {
        folder + "/" + fileName
    }
    /// The most entries a plan may have: a week of many sessions, not a file made to exhaust pacer.
    public static let maximumEntries = 100
    /// The largest plan file read, in bytes.
    public static let maximumFileSize = 1 << 20
}

/// When reminders come: `lead` minutes before a planned time, and at `untimed` on a planned day
/// without a time.
public struct ReminderSettings: Sendable, Equatable {
    /// Minutes, 0 to `maximumLead`.
    public var lead: Int
    public var untimed: TimeOfDay

    public init(lead: Int = Self.defaultLead, untimed: TimeOfDay = Self.defaultUntimed) {
        self.lead = lead
        self.untimed = untimed
    }

    public static let defaultLead = 15
    public static let defaultUntimed = TimeOfDay(minutes: 18 * 60)!
    public static let maximumLead = 12 * 60

    /// A lead as written (`15m`, `1h`, `1h30m`, `0`) in whole minutes, or nil with what is wrong.
    public static func lead(from text: String) -> Result<Int, LeadError> {
        if text.trimmingSpaces() == "0" { return .success(0) }
        guard let duration = try? WorkoutDuration.parse(text), duration.milliseconds % 60_000 == 0,
            duration.milliseconds / 60_000 <= maximumLead
        else { return .failure(LeadError(text: text)) }
        return .success(Int(duration.milliseconds / 60_000))
    }
}

/// A reminder lead that is no whole number of minutes up to 12 hours.
public struct LeadError: Error, Sendable, CustomStringConvertible {
    public let text: String

    public var description: String {
        "the lead is whole minutes up to 12h, such as 15m, 1h or 0, not '\(text)'"
    }
}
