import History
import HistoryReports
import PacerCommandLine
import PacerConfig
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWeekPlan

/// What `pacer stats` does once its command line is read: the statistics of the history, against
/// the week plan when there is one that can be read.
public enum StatsActions {
    /// The report, or `json`; a plan that cannot be read is reported and left out.
    public static func show(json: Bool, _ access: HistoryAccess, environment: Environment) -> Int32 {
        let plan: WeekPlan?
        do throws(ConfigLoadError) {
            plan = try PlanFile(environment: environment).load()
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            Output.problem("pacer: the statistics go without the plan until it is fixed")
            plan = nil
        }
        let counted = plan.flatMap { $0.entries.isEmpty ? nil : $0 }
        let statistics: Statistics?
        do throws(HistoryError) {
            let store = try access.open()
            statistics = try store?.statistics(today: access.today, plan: counted)
            HistoryAccess.reportUnreadable(store)
        } catch {
            return HistoryAccess.failure(error)
        }
        let shown = statistics ?? Statistics(sessions: [], sets: [], plan: counted, today: access.today)
        if json {
            Output.data(StatsJSON.json(shown))
        } else if shown.workouts.isEmpty && shown.weight == nil {
            Output.line(HistoryAccess.empty)
        } else {
            StatsReport(statistics: shown, style: access.style, columns: access.columns).lines.forEach(Output.line)
        }
        return ExitStatus.success
    }
}
