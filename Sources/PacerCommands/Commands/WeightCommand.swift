import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerRuntime

/// `pacer weight 82.5 kg` records a body weight in the history; `pacer weight` shows the curve
/// and the last readings, or exports them.
enum WeightCommand {
    /// How many readings the text lists without `--limit`.
    static let defaultLimit = 10

    static let date = Option<CalendarDay>.day("--date", help: "record the reading for this day (YYYY-MM-DD), not today")
    static let limit = Option<Int>.limit(help: "list the N latest readings (default \(defaultLimit))")
    static let csv = Flag("--csv", help: "print CSV, one row per reading, with a header")

    static let spec = CommandSpec(
        name: "weight", abstract: "record your body weight, or show its curve and the last readings",
        usage: "pacer weight [WEIGHT [UNIT]] [--date YYYY-MM-DD] [OPTIONS]", arguments: .free,
        details: """
            'pacer weight 82.5 kg' (or lb; 82,5 and 82.5kg are read too) records a reading for today,
            or for --date, in the history; without a unit, the last reading's is taken. A weight reads
            the same in every country or not at all: 1,000 is refused. 'pacer weight' draws the curve,
            each day's reading beside the average of its seven days, in the unit of the latest reading
            (a reading in the other unit is converted for the curve only), and lists the last
            \(defaultLimit) readings as written; --json and --csv export every reading.
            """,
        options: [date.spec, limit.spec, SharedOptions.json.spec, csv.spec, HistoryAccess.file.spec, SharedOptions.color.spec]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "weight") { () throws(UsageError) in
            let access = HistoryAccess(arguments, environment)
            let exporting = arguments[SharedOptions.json] || arguments[csv]
            if arguments[SharedOptions.json] && arguments[csv] { throw UsageError(message: "choose one of --json and --csv") }
            guard !arguments.positionals.isEmpty else {
                return WeightLog.show(
                    json: arguments[SharedOptions.json], csv: arguments[csv], limit: arguments[limit] ?? defaultLimit, access)
            }
            guard arguments.positionals.count <= 2 else {
                throw UsageError(message: "weight takes one weight and its unit: pacer weight 82.5 kg")
            }
            guard !exporting, arguments[limit] == nil else {
                throw UsageError(message: "--json, --csv and --limit show the readings; give them without a weight")
            }
            let day = arguments[date] ?? access.today
            guard day <= access.today else {
                throw UsageError(message: "--date \(day) is after today: a reading is of a day that has come")
            }
            return try WeightLog.record(arguments.positionals.joined(separator: " "), day: day, access)
        }
    }
}
