import PacerCommandLine
import PacerCore
import PacerRuntime

/// `pacer validate FILE...`: checks workout files and reports every problem.
enum ValidateCommand {
    static let strict = Flag("--strict", help: "fail on warnings too")

    static let spec = CommandSpec(
        name: "validate", abstract: "check workout files and report every problem", usage: "pacer validate [--strict] FILE...",
        arguments: .workout,
        details: """
            Prints one 'ok' line per good file with its phase count and planned time, and every problem
            of a bad file on standard error. Warnings (what is probably a mistake) go to standard error
            too. Exits 1 if any file has an error, or with --strict a warning. A FILE may also be a
            workout name from the search path, - for standard input, or a line of notation.
            """,
        options: [strict.spec, SharedOptions.notationName.spec]
    ) { arguments, environment in
        guard !arguments.positionals.isEmpty else {
            return Pacer.usageError("validate needs at least one workout file", hintFor: "validate")
        }
        let library = arguments.library(environment)
        var failed = false
        for reference in arguments.positionals {
            do throws(WorkoutLoadError) {
                let loaded = try WorkoutLoader.load(reference, library: library)
                loaded.warnings.forEach { Output.problem(TerminalText($0)) }
                if arguments[strict], !loaded.warnings.isEmpty {
                    failed = true
                } else {
                    Output.line("ok  \(loaded.source.path): \(PlanSummary(loaded.plan).text)")
                }
            } catch {
                failed = true
                error.lines.forEach { Output.problem(TerminalText($0)) }
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}

/// A plan in a few words: `24 phases, 8m planned (+3 rep steps)`.
struct PlanSummary {
    let text: String

    init(_ plan: Plan) {
        let repSteps = plan.plannedByKind.first { $0.kind == .reps }?.count ?? 0
        var text = "\(plan.phases.count) phase\(plan.phases.count == 1 ? "" : "s"), \(plan.planned.spoken)"
        if repSteps > 0 { text += " + \(repSteps) rep step\(repSteps == 1 ? "" : "s")" }
        let openSteps = plan.phases.indices.count { plan.phases[$0].isOpen }  // a field each, no phase copied
        if openSteps > 0 { text += " + \(openSteps) open step\(openSteps == 1 ? "" : "s")" }
        self.text = text
    }
}
