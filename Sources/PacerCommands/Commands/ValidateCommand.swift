import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerUserFiles

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
