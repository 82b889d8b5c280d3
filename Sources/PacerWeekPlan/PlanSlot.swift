import PacerFoundation

/// One session the plan asks for: an entry's workout on one day, at its time if it has one.
public struct PlanSlot: Sendable, Equatable {
    /// The entry's place in the plan, from 0.
    public let entry: Int
    public let day: CalendarDay
    public let time: TimeOfDay?
    public let workout: PlannedWorkout
}

extension WeekPlan {
    /// The sessions planned on `day`: by time, those without one last, then in the plan's order.
    public func slots(on day: CalendarDay) -> [PlanSlot] {
        entries.indices.filter { entries[$0].plans(day) }
            .map { PlanSlot(entry: $0, day: day, time: entries[$0].time, workout: entries[$0].workout) }
            .sorted { ($0.time?.minutes ?? TimeOfDay.minutesPerDay, $0.entry) < ($1.time?.minutes ?? TimeOfDay.minutesPerDay, $1.entry) }
    }

    /// The first session planned after `day` (within a year), or nil when the plan has none.
    public func next(after day: CalendarDay) -> PlanSlot? {
        (1...366).lazy.compactMap { slots(on: day.adding(days: $0)).first }.first
    }
}
