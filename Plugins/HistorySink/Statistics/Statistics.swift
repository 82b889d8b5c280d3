import PacerCore

/// Progress over a history as of one day: time trained per ISO week, streaks of training days,
/// sessions and completion per workout, and a strength curve per exercise.
public struct Statistics: Sendable {
    /// One ISO week's training.
    public struct Week: Sendable, Equatable {
        public let week: ISOWeek
        public let sessions: Int
        public let active: WorkoutDuration
    }

    /// One workout's sessions and how many of them were completed.
    public struct Workout: Sendable, Equatable {
        public let name: String
        public let sessions: Int
        public let completed: Int

        /// Completed sessions over all of them, 0…1.
        public var completionRate: Double { sessions == 0 ? 0 : Double(completed) / Double(sessions) }
    }

    /// The weeks, oldest first, ending with the week of `today`.
    public let weeks: [Week]
    public let streak: Streak
    /// Most sessions first.
    public let workouts: [Workout]
    /// By name, then unit.
    public let exercises: [StrengthCurve]

    public init(sessions: [SessionOverview], sets: [LoggedSet], today: CalendarDay, weekCount: Int = 12) {
        let firstMonday = today.adding(days: 1 - today.weekday - 7 * (weekCount - 1))
        var perWeek = Array(repeating: (sessions: 0, active: WorkoutDuration.zero), count: weekCount)
        var perWorkout: [String: (sessions: Int, completed: Int)] = [:]
        var days: Set<CalendarDay> = []
        var dayOfSession: [Int64: CalendarDay] = [:]
        for session in sessions {
            let day = session.day
            days.insert(day)
            dayOfSession[session.id] = day
            let week = (day.number - firstMonday.number).floorDivided(by: 7)
            if (0..<weekCount).contains(week) {
                perWeek[week].sessions += 1
                perWeek[week].active = perWeek[week].active + session.active
            }
            perWorkout[session.workout, default: (0, 0)].sessions += 1
            if session.outcome == .completed { perWorkout[session.workout, default: (0, 0)].completed += 1 }
        }
        weeks = perWeek.enumerated().map { offset, tally in
            Week(week: firstMonday.adding(days: 7 * offset).isoWeek, sessions: tally.sessions, active: tally.active)
        }
        streak = Streak(days: days, today: today)
        workouts = perWorkout.map { Workout(name: $0.key, sessions: $0.value.sessions, completed: $0.value.completed) }
            .sorted { ($1.sessions, $0.name) < ($0.sessions, $1.name) }
        exercises = StrengthCurve.curves(of: sets, dayOfSession: dayOfSession)
    }
}
