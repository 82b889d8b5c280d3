import HistorySink
import PacerCommandLine
import PacerRuntime

/// `pacer stats`: time trained per week, streaks, workouts and strength curves.
enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats", abstract: "show time trained per week, streaks and strength progress", usage: "pacer stats [OPTIONS]", arguments: nil,
        details: """
            Time trained per ISO week for the last 12 weeks; the current and longest streak of days
            with a session (the current one counts if the last session was today or yesterday);
            sessions and completion rate per workout; and for each exercise logged at rep steps with a
            numeric weight, the best set per day as an estimated one-rep max, weight × (1 + reps/30).
            Sets count by exercise, not name: "Back squat (set 2/5)" is a set of "Back squat".
            """,
        options: [SharedOptions.json.spec, HistoryAccess.file.spec, SharedOptions.color.spec]
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("stats takes no arguments", hintFor: "stats")
        }
        let access = HistoryAccess(arguments, environment)
        let statistics: Statistics?
        do throws(HistoryError) {
            statistics = try access.open()?.statistics(today: access.today)
        } catch {
            return HistoryAccess.failure(error)
        }
        let shown = statistics ?? Statistics(sessions: [], sets: [], today: access.today)
        if arguments[SharedOptions.json] {
            Output.data(StatsJSON.json(shown))
        } else if shown.workouts.isEmpty {
            Output.line(HistoryAccess.empty)
        } else {
            StatsReport(statistics: shown, style: access.style, columns: access.columns).lines.forEach(Output.line)
        }
        return ExitStatus.success
    }
}
