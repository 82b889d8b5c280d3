import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerRuntime

/// What `pacer weight` does once its command line is read: a body weight recorded in the history,
/// or the readings shown or exported.
public enum WeightLog {
    /// Records the reading `text` (`82.5 kg`, or a number in the last reading's unit) for `day`.
    public static func record(_ text: String, day: CalendarDay, _ access: HistoryAccess) throws(UsageError) -> Int32 {
        let readings: [WeighIn]
        do throws(HistoryError) {
            readings = try Self.readings(access)
        } catch {
            return HistoryAccess.failure(error)
        }
        let weight: BodyWeight
        switch BodyWeight.parse(text, unit: readings.last?.weight.unit) {
        case .success(let parsed): weight = parsed
        case .failure(let error): throw UsageError(message: error.description)
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

    /// The curve and the latest `limit` readings, or every reading as JSON or CSV.
    public static func show(json: Bool, csv: Bool, limit: Int, _ access: HistoryAccess) -> Int32 {
        let readings: [WeighIn]
        do throws(HistoryError) {
            readings = try Self.readings(access)
        } catch {
            return HistoryAccess.failure(error)
        }
        if json {
            Output.data(WeightExport.json(readings))
        } else if csv {
            Output.data(WeightExport.csv(readings, visible: Output.isTerminal))
        } else {
            WeightReport(weighIns: readings, limit: limit, style: access.style, columns: access.columns).lines.forEach(Output.line)
        }
        return ExitStatus.success
    }

    /// Every reading in the history (none when there is no history yet), its unreadable rows
    /// reported on standard error.
    private static func readings(_ access: HistoryAccess) throws(HistoryError) -> [WeighIn] {
        let store = try access.open()
        let readings = try store?.weighIns() ?? []
        HistoryAccess.reportUnreadable(store)
        return readings
    }
}
