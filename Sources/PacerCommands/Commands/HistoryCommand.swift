import History
import HistoryReports
import PacerCommandLine
import PacerFormats
import PacerFoundation
import PacerRuntime

/// `pacer history`: the sessions recorded, newest first, or one of them in full.
enum HistoryCommand {
    /// How many sessions the text lists when neither `--limit` nor `--since` says otherwise.
    static let defaultLimit = 20

    static let workout = Option<String>("--workout", value: "NAME", help: "only sessions of this workout")
    static let exercise = Option<String>(
        "--exercise", value: "NAME", help: "only sessions that trained this exercise (and, exported, its phases)")
    static let since = Option<CalendarDay>.day("--since", help: "only sessions on or after this day (YYYY-MM-DD)")
    static let limit = Option<Int>.limit(help: "at most the N newest sessions")
    static let csv = Flag("--csv", help: "print CSV, one row per phase, with a header")
    static let to = Option<ActivityFormat>(
        "--to", value: "FORMAT", help: "export: the activity format, fit or tcx (required)",
        kind: .choice(ActivityFormat.allCases.map(\.rawValue))
    ) { text throws(UsageError) in
        guard let format = ActivityFormat(rawValue: text.lowercased()) else {
            throw UsageError(message: "--to takes fit or tcx, not '\(text)'")
        }
        return format
    }
    static let output = Option<String>(
        "-o", value: "FILE", help: "export: write the file here (whole or not at all) instead of standard output", kind: .file)
    static let folder = Option<String>(
        "-d", value: "DIR", help: "export --since: write each session to DIR/DAY-ID.fit (or .tcx)", kind: .file)

    static let spec = CommandSpec(
        name: "history", abstract: "list the sessions recorded, show one, or export them as activities",
        usage: "pacer history [OPTIONS] [show ID | export ID|last --to fit|tcx [-o FILE] | export --since DATE --to fit|tcx -d DIR]",
        arguments: .choice(["show", "export"]),
        details: """
            Lists sessions newest first under a heading per day: number, start time, workout, active
            time, outcome (completed, quit, aborted, running while its pacer runs, or interrupted when
            pacer was killed) and sets logged. Without --limit or --since, the text lists the last
            \(defaultLimit); --json and --csv export every matching session with its phases (in CSV, text
            that a spreadsheet would run as a formula starts with '). --exercise keeps the sessions
            that trained it, and in --json and --csv only its phases. 'pacer history show ID' shows
            one session's phases, their exercises, what was logged and each phase's target.

            'pacer history export ID --to fit|tcx' writes an ended session (ID as listed, or
            'last') as an activity for a logbook (Strava, intervals.icu, Garmin Connect,
            TrainingPeaks, GoldenCheetah): a lap per phase with its name, what was measured each
            second, the pauses, and the load. A FIT file goes to -o FILE or a pipe, never a
            terminal; TCX is text. With --since DATE and -d DIR, every session since then goes to
            DIR/DAY-ID.fit (or .tcx), each path printed (--workout, --exercise and --limit narrow
            them). See docs/import-export.md.
            """,
        options: [
            workout.spec, exercise.spec, since.spec, limit.spec, SharedOptions.json.spec, csv.spec,
            to.spec, output.spec, folder.spec, HistoryAccess.file.spec, SharedOptions.color.spec,
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
        case 1...2 where arguments.positionals[0] == "export":
            return export(arguments, filter, access)
        default:
            return Pacer.usageError("history takes no arguments, 'show ID' or 'export ID'", hintFor: "history")
        }
    }

    /// `export ID|last [-o FILE]`, or `export --since DATE -d DIR`.
    private static func export(_ arguments: Arguments, _ filter: SessionFilter, _ access: HistoryAccess) -> Int32 {
        CommandSpec.reportingUsage(of: "history") { () throws(UsageError) in
            guard let format = arguments[to] else { throw UsageError(message: "history export needs a format: --to fit or tcx") }
            let path = arguments[output]
            let directory = arguments[folder]
            if path?.isEmpty == true || directory?.isEmpty == true {
                throw UsageError(message: "\(path?.isEmpty == true ? "-o" : "-d") needs a name")
            }
            if arguments.positionals.count == 1 {
                guard filter.since != nil, let directory, path == nil else {
                    throw UsageError(message: "history export takes a session (ID or 'last'), or --since DATE with -d DIR")
                }
                return ActivityExportActions.many(filter, as: format, into: directory, access)
            }
            guard let choice = ActivityExportActions.Choice(arguments.positionals[1]) else {
                throw UsageError(
                    message:
                        "history export takes a session number as 'pacer history' lists them, or 'last', not '\(arguments.positionals[1])'")
            }
            guard directory == nil, arguments[since] == nil else {
                throw UsageError(message: "-d and --since export many sessions: give no ID with them")
            }
            if path == nil, format.isBinary, Output.isTerminal {
                throw UsageError(message: "FIT is binary: give -o FILE.fit or redirect standard output to a file")
            }
            return ActivityExportActions.one(choice, as: format, to: path, access)
        }
    }
}
