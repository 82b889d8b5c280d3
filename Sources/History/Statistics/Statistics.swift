import PacerEngine
import PacerFoundation
import PacerWeekPlan
import PacerWorkout

/// Progress over a history as of one day: time trained per ISO week, streaks of training days,
/// sessions and completion per workout, a strength curve per exercise, the best and latest time
/// of each open step, the body weight curve, the week plan against what was done, and the
/// training load (TSS per week; fitness, fatigue and form per day).
public struct Statistics: Sendable {
    /// One ISO week's training.
    public struct Week: Sendable, Equatable {
        public let week: ISOWeek
        public let sessions: Int
        public let active: WorkoutDuration
        /// The sessions' TSS, measured or planned.
        public let stress: Double
        /// The part of `stress` taken from plans, for sessions without measured power.
        public let plannedStress: Double

        public init(week: ISOWeek, sessions: Int, active: WorkoutDuration, stress: Double = 0, plannedStress: Double = 0) {
            self.week = week
            self.sessions = sessions
            self.active = active
            self.stress = stress
            self.plannedStress = plannedStress
        }
    }

    /// One workout's sessions, how many of them were completed and how many are still running.
    public struct Workout: Sendable, Equatable {
        public let name: String
        /// Every session, running ones included.
        public let sessions: Int
        public let completed: Int
        /// Sessions not over yet: neither completed nor not.
        public let running: Int

        /// Completed sessions over those that are over, 0…1; nil when none is over yet.
        public var completionRate: Double? {
            sessions == running ? nil : Double(completed) / Double(sessions - running)
        }
    }

    /// The weeks, oldest first, ending with the week of `today`.
    public let weeks: [Week]
    public let streak: Streak
    /// Most sessions first.
    public let workouts: [Workout]
    /// By name, then unit.
    public let exercises: [StrengthCurve]
    /// By exercise, then distance.
    public let open: [OpenStepTimes]
    /// Nil without a reading.
    public let weight: WeightCurve?
    /// Nil without a plan.
    public let plan: PlanProgress?
    /// Fitness, fatigue and form from the sessions' TSS.
    public let load: TrainingLoad

    public init(
        sessions: [SessionOverview], sets: [StrengthSet], efforts: [TimedEffort] = [], weighIns: [WeighIn] = [], plan: WeekPlan? = nil,
        today: CalendarDay, weekCount: Int = 12
    ) {
        let firstMonday = today.adding(days: 1 - today.weekday - 7 * (weekCount - 1))
        var perWeek = Array(repeating: (sessions: 0, active: WorkoutDuration.zero, stress: 0.0, planned: 0.0), count: weekCount)
        var stressPerDay: [CalendarDay: Double] = [:]
        var perWorkout: [String: (sessions: Int, completed: Int, running: Int)] = [:]
        var days: Set<CalendarDay> = []
        var dayOfSession: [Int64: CalendarDay] = [:]
        dayOfSession.reserveCapacity(sessions.count)
        for session in sessions {
            let day = session.day
            days.insert(day)
            dayOfSession[session.id] = day
            let week = (day.number - firstMonday.number).floorDivided(by: 7)
            let stress = session.stress?.score ?? 0
            if stress > 0 { stressPerDay[day, default: 0] += stress }
            if (0..<weekCount).contains(week) {
                perWeek[week].sessions += 1
                perWeek[week].active = perWeek[week].active + session.active
                perWeek[week].stress += stress
                if session.stress?.isMeasured == false { perWeek[week].planned += stress }
            }
            var tally = perWorkout[session.workout] ?? (0, 0, 0)
            tally.sessions += 1
            if session.outcome == .completed { tally.completed += 1 }
            if session.isRunning { tally.running += 1 }
            perWorkout[session.workout] = tally
        }
        weeks = perWeek.enumerated().map { offset, tally in
            Week(
                week: firstMonday.adding(days: 7 * offset).isoWeek, sessions: tally.sessions, active: tally.active,
                stress: tally.stress, plannedStress: tally.planned)
        }
        streak = Streak(days: days, today: today)
        workouts = perWorkout.map {
            Workout(name: $0.key, sessions: $0.value.sessions, completed: $0.value.completed, running: $0.value.running)
        }
        .sorted { ($1.sessions, $0.name) < ($0.sessions, $1.name) }
        exercises = StrengthCurve.curves(of: sets, dayOfSession: dayOfSession)
        open = OpenStepTimes.times(of: efforts)
        weight = WeightCurve(weighIns)
        load = TrainingLoad(stress: stressPerDay, today: today)
        self.plan = plan.map { PlanProgress(plan: $0, sessions: sessions.map(\.planSession), today: today, weekCount: weekCount) }
    }
}
