import PacerFoundation

/// Fitness, fatigue and form day by day, by the Performance Manager's standard definitions
/// (Coggan; TrainingPeaks, WKO): fitness (CTL) and fatigue (ATL) are exponentially weighted
/// averages of the daily TSS with time constants of 42 and 7 days, and form (TSB) is fitness less
/// fatigue. docs/training-load.md gives the formulas and their sources.
public struct TrainingLoad: Sendable, Equatable {
    /// One day's training stress and where the averages stand at its end.
    public struct Day: Sendable, Equatable {
        public let day: CalendarDay
        /// The TSS of the sessions started that day.
        public let stress: Double
        /// Chronic training load (CTL): `CTL_yesterday + (TSS_today − CTL_yesterday) / 42`.
        public let fitness: Double
        /// Acute training load (ATL): `ATL_yesterday + (TSS_today − ATL_yesterday) / 7`.
        public let fatigue: Double

        public init(day: CalendarDay, stress: Double, fitness: Double, fatigue: Double) {
            self.day = day
            self.stress = stress
            self.fitness = fitness
            self.fatigue = fatigue
        }

        /// Training stress balance (TSB): fitness less fatigue.
        public var form: Double { fitness - fatigue }
    }

    /// The time constant of fitness, in days.
    public static let fitnessDays = 42.0
    /// The time constant of fatigue, in days.
    public static let fatigueDays = 7.0

    /// Every day from the first with stress to `today`, both at 0 the day before the first; empty
    /// without stress before `today`.
    public let days: [Day]

    /// The load of `stress` (TSS per local day) as of `today`; days after `today` do not count.
    public init(stress: [CalendarDay: Double], today: CalendarDay) {
        guard let first = stress.keys.filter({ $0 <= today }).min() else {
            days = []
            return
        }
        var fitness = 0.0
        var fatigue = 0.0
        days = (first.number...today.number).map { number in
            let day = CalendarDay(number: number)
            let score = stress[day] ?? 0
            fitness += (score - fitness) / Self.fitnessDays
            fatigue += (score - fatigue) / Self.fatigueDays
            return Day(day: day, stress: score, fitness: fitness, fatigue: fatigue)
        }
    }

    /// Today's figures; nil without stress.
    public var today: Day? { days.last }
}
