import HistoryReports
import History
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerCommands

/// `pacer history`: the sessions recorded, newest first, or one of them in full.
enum HistoryCommand {
    /// How many sessions the text lists when neither `--limit` nor `--since` says otherwise.
    static let defaultLimit = 20

    static let workout = Option<String>("--workout", value: "NAME", help: "only sessions of this workout")
    static let exercise = Option<String>("--exercise", value: "NAME", help: "only sessions that trained this exercise (and, exported, its phases)")
    static let since = Option<CalendarDay>.day("--since", help: "only sessions on or after this day (YYYY-MM-DD)")
    static let limit = Option<Int>.limit(help: "at most the N newest sessions")
    static let csv = Flag("--csv", help: "print CSV, one row per phase, with a header")

    static let spec = CommandSpec(
        name: "history", abstract: "list the sessions recorded, or show one", usage: "pacer history [OPTIONS] [show ID]", arguments: .choice(["show"]),
        details: """
            Lists sessions newest first under a heading per day: number, start time, workout, active
            time, outcome (completed, quit, aborted, running while its pacer runs, or interrupted when
            pacer was killed) and sets logged. Without --limit or --since, the text lists the last
            \(defaultLimit); --json and --csv export every matching session with its phases (in CSV, text
            that a spreadsheet would run as a formula starts with '). --exercise keeps the sessions
            that trained it, and in --json and --csv only its phases. 'pacer history show ID' shows
            one session's phases, their exercises, what was logged and each phase's target.
            """,
        options: [
            workout.spec, exercise.spec, since.spec, limit.spec, SharedOptions.json.spec, csv.spec,
            HistoryAccess.file.spec, SharedOptions.color.spec,
        ]
    ) { arguments, environment in
        var filter = SessionFilter(workout: arguments[workout], exercise: arguments[exercise])
        filter.since = arguments[since]
        filter.limit = arguments[limit]
        guard !(arguments[SharedOptions.json] && arguments[csv]) else {
            return Pacer.usageError("choose one of --json and --csv", hintFor: "history")
        }
        let access = HistoryAccess(arguments, environment)
        switch arguments.positionals.count {
        case 0:
            let format: HistoryActions.Format = arguments[SharedOptions.json] ? .json : arguments[csv] ? .csv : .text
            return HistoryActions.list(filter, as: format, defaultLimit: defaultLimit, access)
        case 2 where arguments.positionals[0] == "show":
            guard let id = Int64(arguments.positionals[1]), id > 0 else {
                return Pacer.usageError("history show takes a session number, as 'pacer history' lists them", hintFor: "history")
            }
            return HistoryActions.show(id, access)
        default:
            return Pacer.usageError("history takes no arguments, or 'show ID'", hintFor: "history")
        }
    }
}
