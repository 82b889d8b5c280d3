import HistoryReports
import History
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSession
import PacerSystem

/// `pacer today`: runs the first of today's planned workouts not done yet, as `pacer run` would.
enum TodayCommand {
    static let spec = CommandSpec(
        name: "today", abstract: "run today's planned workout", usage: "pacer today [OPTIONS]", arguments: nil,
        details: """
            Runs the workout the week plan (see 'pacer plan') has for today, the first not done yet
            when it has several, with the options 'pacer run' takes. A session counts as done when it
            ran that workout today, completed or not. With nothing (left) to run today it says what
            comes next and exits 0.
            """,
        options: RunRequest.options(for: .standard)
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("today takes no workout: it runs the one planned ('pacer run WORKOUT' runs another)", hintFor: "today")
        }
        let file = PlanFile(environment: environment)
        let today: PlanToday
        do {
            let plan = try file.load()
            let store = try HistoryStore.existing(at: HistoryLocation.path(environment: environment.variables))
            today = try PlanToday(plan: plan, store: store, now: WallTime.now())
            HistoryAccess.reportUnreadable(store)
        } catch let error as ConfigLoadError {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        } catch {
            Output.problem("pacer: \(error)")
            return ExitStatus.failure
        }
        guard let slot = today.waiting.first else {
            Output.line(today.nothingLeft)
            return ExitStatus.success
        }
        // As `pacer run` does before anything else: a signal from now on waits to be handled.
        SignalWatcher.blockWatchedSignals()
        return RunCommand.run(RunRequest(arguments, workout: file.runnable(slot.workout), registry: .standard), environment: environment)
    }
}
