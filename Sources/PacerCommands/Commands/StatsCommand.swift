import History
import HistoryReports
import PacerCommandLine
import PacerRuntime
import PacerWeekPlan

/// `pacer stats`: time trained per week, streaks, the week plan kept, workouts, strength and body
/// weight curves.
enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats", abstract: "show time trained per week, streaks and strength progress", usage: "pacer stats [OPTIONS]",
        arguments: nil,
        details: """
            Time trained per ISO week for the last 12 weeks; the current and longest streak of days
            with a session (the current one counts if the last session was today or yesterday);
            sessions and completion rate per workout; and for each exercise logged at rep steps with a
            numeric weight, the best set per day as an estimated one-rep max, weight × (1 + reps/30).
            Sets count by exercise, not name: "Back squat (set 2/5)" is a set of "Back squat".
            With a week plan (see 'pacer plan'), each week's planned sessions and how many were done,
            and the runs of weeks with every planned session kept; with body weight readings (see
            'pacer weight'), their curve and seven-day average.
            """,
        options: [SharedOptions.json.spec, HistoryAccess.file.spec, SharedOptions.color.spec]
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("stats takes no arguments", hintFor: "stats")
        }
        return StatsActions.show(json: arguments[SharedOptions.json], HistoryAccess(arguments, environment), environment: environment)
    }
}
