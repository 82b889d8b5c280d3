import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSession
import PacerSystem
import PacerUserFiles

/// `pacer today`: runs the first of today's planned workouts not done yet that can be run, as
/// `pacer run` would.
enum TodayCommand {
    static let spec = CommandSpec(
        name: "today", abstract: "run today's planned workout", usage: "pacer today [OPTIONS]", arguments: nil,
        details: """
            Runs the workout the week plan (see 'pacer plan') has for today, the first not done yet
            when it has several, with the options 'pacer run' takes. A session counts as done when it
            ran that workout today, completed or not. One that cannot be run (not found, not valid) is
            reported and the next is run; when none can be, it exits 1. With nothing (left) to run
            today it says what comes next and exits 0.
            """,
        options: RunOptions.options(for: .standard),
        watchesSignals: { _ in true }
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
        guard !today.waiting.isEmpty else {
            Output.line(today.nothingLeft)
            return ExitStatus.success
        }
        var passedOver = false
        for slot in today.waiting {
            if let problem = file.unrunnable(slot.workout) {
                Output.problem(TerminalText("\(file.shown): error: entry \(slot.entry + 1), planned today, cannot be run: \(problem[0])"))
                problem.dropFirst().forEach { Output.problem(TerminalText($0)) }
                passedOver = true
                continue
            }
            if passedOver { Output.problem(TerminalText("pacer: running the next workout planned today instead: \(slot.workout)")) }
            return RunCommand.run(
                RunOptions.request(arguments, workout: file.runnable(slot.workout), registry: .standard), environment: environment)
        }
        Output.problem(
            "pacer: nothing planned today can be run: fix the plan ('pacer plan edit'), or run a workout with 'pacer run WORKOUT'")
        return ExitStatus.failure
    }
}
