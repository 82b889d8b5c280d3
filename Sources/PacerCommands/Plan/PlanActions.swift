import HistoryReports
import PacerCommandLine
import PacerConfig
import PacerFoundation
import PacerUserFiles
import PacerWeekPlan

/// What `pacer plan` does once its command line is read: the week shown against the history, an
/// entry added or removed, each change said and the reminders' need to follow it.
public enum PlanActions {
    /// The plan and the week so far, with what is planned today.
    public static func show(_ file: PlanFile, _ access: HistoryAccess) -> Int32 {
        reporting {
            let plan = try file.load()
            file.unrunnable(plan, severity: .warning).forEach { Output.problem(TerminalText($0)) }
            let store = try access.open()
            let today = try PlanToday(plan: plan, store: store, now: access.now)
            HistoryAccess.reportUnreadable(store)
            PlanReport(today: today, file: file.shown, style: access.style).lines.forEach(Output.line)
        }
    }

    /// Adds `entry`, checking that its workout runs.
    public static func add(_ entry: WeekPlan.Entry, to file: PlanFile) -> Int32 {
        reporting {
            let (plan, warnings) = try file.add(entry)
            warnings.forEach { Output.problem(TerminalText($0)) }
            Output.line("added to \(file.shown): \(plan.entries.count)  \(describe(entry))")
            PlanChange.remindersNeedRewriting(file.environment)
        }
    }

    /// Takes entry `number` (from 1) out.
    public static func remove(_ number: Int, from file: PlanFile) -> Int32 {
        reporting {
            let entry = try file.remove(number)
            Output.line("removed from \(file.shown): \(describe(entry))")
            PlanChange.remindersNeedRewriting(file.environment)
        }
    }

    /// `Mon, Wed, Fri 07:00 seven-minute`.
    public static func describe(_ entry: WeekPlan.Entry) -> TerminalText {
        TerminalText(Weekday.spoken(entry.days) + (entry.time.map { " \($0)" } ?? "") + " \(entry.workout)")
    }

    /// Runs `body`, reporting a plan or history that cannot be used, or another failure; the exit status.
    public static func reporting(_ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return ExitStatus.success
        } catch let error as ConfigLoadError {
            error.lines.forEach { Output.problem(TerminalText($0)) }
        } catch let error as CommandFailure {
            error.lines.forEach { Output.problem(TerminalText($0)) }
        } catch {
            Output.problem("pacer: \(error)")
        }
        return ExitStatus.failure
    }
}
