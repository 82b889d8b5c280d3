import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWeekPlan

/// `pacer plan`: this week of the week plan and its entries; `add`, `remove` and `edit` change it.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan", abstract: "show this week's plan, or add, remove or edit its entries",
        usage: "pacer plan [add DAYS [TIME] WORKOUT | remove N | edit] [OPTIONS]", arguments: .choice(["add", "remove", "edit"]),
        details: """
            The plan is $XDG_CONFIG_HOME/pacer/plan.json: entries of days of the week, an optional
            time and a workout (a name, a file or a line of notation); see docs/plan.md. 'pacer plan'
            shows this week, each planned session done (with the time and outcome of the session that
            ran its workout that day, completed or not), missed, today or to come, then next week's
            first and the entries, numbered. DAYS is mon,wed,fri (mon to sun, or daily, weekdays,
            weekend); TIME is HH:MM. 'add' checks that the workout runs; 'remove N' takes entry N out;
            'edit' opens $VISUAL or $EDITOR and saves only a valid plan. Every change replaces the file
            whole, so it is never left half written.
            """,
        options: [HistoryAccess.file.spec, SharedOptions.color.spec]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "plan") { () throws(UsageError) in
            let file = PlanFile(environment: environment)
            let words = Array(arguments.positionals.dropFirst())
            switch arguments.positionals.first {
            case nil: return PlanActions.show(file, HistoryAccess(arguments, environment))
            case "add": return try add(words, file)
            case "remove": return try remove(words, file)
            case "edit" where words.isEmpty: return PlanEdit.run(file)
            default: throw UsageError(message: "plan takes nothing, add DAYS [TIME] WORKOUT, remove N or edit")
            }
        }
    }

    private static func add(_ words: [String], _ file: PlanFile) throws(UsageError) -> Int32 {
        guard (2...3).contains(words.count) else {
            throw UsageError(
                message: words.count < 2
                    ? "plan add takes DAYS, an optional TIME and a WORKOUT: pacer plan add mon,wed,fri 07:00 seven-minute"
                    : "plan add takes one WORKOUT: quote a line of notation, as in pacer plan add sat \"10s prepare, 8x(20s Sprint, 10s rest)\""
            )
        }
        let days: [Weekday]
        switch Weekday.days(in: words[0]) {
        case .success(let found): days = found
        case .failure(let error): throw UsageError(message: error.description)
        }
        var time: TimeOfDay?
        if words.count == 3 {
            guard let parsed = TimeOfDay(words[1]) else {
                throw UsageError(message: "'\(words[1])' is not a time: write HH:MM on the 24-hour clock, such as 07:00 or 18:30")
            }
            time = parsed
        }
        let entry = WeekPlan.Entry(days: days, time: time, workout: PlannedWorkout(words[words.count - 1]), since: WallTime.now().localDay)
        return PlanActions.add(entry, to: file)
    }

    private static func remove(_ words: [String], _ file: PlanFile) throws(UsageError) -> Int32 {
        guard words.count == 1, let number = Int(words[0]), number > 0 else {
            throw UsageError(message: "plan remove takes the number of an entry, as 'pacer plan' lists them")
        }
        return PlanActions.remove(number, from: file)
    }
}
