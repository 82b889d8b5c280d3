import HistoryReports
import HistorySink
import PacerCore
import PacerRuntime

/// `pacer weight 82.5 kg` records a body weight in the history; `pacer weight` shows the curve
/// and the last readings, or exports them.
enum WeightCommand {
    /// How many readings the text lists without `--limit`.
    static let defaultLimit = 10

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
        options: [
            OptionSpec(name: "--date", value: "DATE", help: "record the reading for this day (YYYY-MM-DD), not today"),
            OptionSpec(name: "--limit", value: "N", help: "list the N latest readings (default \(defaultLimit))"),
        ] + HistoryAccess.readingOptions(rowPer: "reading")
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "weight") { () throws(Arguments.UsageError) in
            let access = try HistoryAccess(arguments, environment)
            if arguments.has("--json") && arguments.has("--csv") { throw .init(message: "choose one of --json and --csv") }
            guard !arguments.positionals.isEmpty else { return try show(arguments, access) }
            guard arguments.positionals.count <= 2 else { throw .init(message: "weight takes one weight and its unit: pacer weight 82.5 kg") }
            guard !arguments.has("--json"), !arguments.has("--csv"), !arguments.has("--limit") else {
                throw .init(message: "--json, --csv and --limit show the readings; give them without a weight")
            }
            var day = access.today
            if let text = arguments.value("--date") {
                guard let date = CalendarDay(iso: text) else { throw .init(message: "--date takes a date as YYYY-MM-DD, not '\(text)'") }
                guard date <= access.today else { throw .init(message: "--date \(text) is after today: a reading is of a day that has come") }
                day = date
            }
            return try record(arguments.positionals.joined(separator: " "), day: day, access)
        }
    }

    private static func record(_ text: String, day: CalendarDay, _ access: HistoryAccess) throws(Arguments.UsageError) -> Int32 {
        let readings: [WeighIn]
        do throws(HistoryError) {
            readings = try access.open()?.weighIns() ?? []
        } catch {
            return HistoryAccess.failure(error)
        }
        let weight: BodyWeight
        switch BodyWeight.parse(text, unit: readings.last?.weight.unit) {
        case .success(let parsed): weight = parsed
        case .failure(let error): throw .init(message: error.description)
        }
        do throws(HistoryError) {
            let store = try HistoryStore(path: access.path)
            try store.recordWeighIn(weight, day: day, at: access.now)
            Output.line(WeightReport.recorded(weight, day: day, weighIns: try store.weighIns()))
            return ExitStatus.success
        } catch {
            return HistoryAccess.failure(error)
        }
    }

    private static func show(_ arguments: Arguments, _ access: HistoryAccess) throws(Arguments.UsageError) -> Int32 {
        var limit = defaultLimit
        if let text = arguments.value("--limit") {
            guard let number = Int(text), number > 0 else { throw .init(message: "--limit takes a whole number above 0, not '\(text)'") }
            limit = number
        }
        let readings: [WeighIn]
        do throws(HistoryError) {
            readings = try access.open()?.weighIns() ?? []
        } catch {
            return HistoryAccess.failure(error)
        }
        if arguments.has("--json") {
            Output.data(WeightExport.json(readings))
        } else if arguments.has("--csv") {
            Output.data(WeightExport.csv(readings, visible: Output.standard.isTerminal))
        } else {
            WeightReport(weighIns: readings, limit: limit, style: access.style, columns: access.columns).lines.forEach(Output.line)
        }
        return ExitStatus.success
    }
}
