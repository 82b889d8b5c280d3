import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles

/// `pacer fmt FILE...`: workout files in the one canonical layout.
enum FmtCommand {
    static let rewrite = Flag("-w", help: "rewrite each file in place (atomically, keeping its mode) instead of printing it")
    static let check = Flag("--check", help: "print the files whose layout would change, and exit 1 if there are any")

    static let spec = CommandSpec(
        name: "fmt", abstract: "lay out workout files in the canonical layout", usage: "pacer fmt [-w | --check] FILE...",
        arguments: .workout,
        details: """
            The layout: 2-space indent, keys in the order docs/workout-format.md gives them, a short
            step or a short array of numbers or names on one line. Every value is kept, $comment and
            keys the layout does not know included, and a laid-out file stays as it is. A file with
            errors is refused, its errors shown, and so is one with a number of more digits than
            pacer keeps (it would change). Without -w or --check the result goes to standard
            output. A FILE may also be a workout name from the search path, or - for standard input.
            A YAML workout in pacer's own format stays YAML (one with # comments is refused).
            """,
        options: [
            rewrite.spec, check.spec,
        ]
    ) { arguments, environment in
        guard !arguments.positionals.isEmpty else {
            return Pacer.usageError("fmt needs at least one workout file", hintFor: "fmt")
        }
        guard !(arguments[rewrite] && arguments[check]) else {
            return Pacer.usageError("-w rewrites the files and --check only looks at them; give one of them", hintFor: "fmt")
        }
        let library = WorkoutLibrary(environment: environment)
        var failed = false
        for reference in arguments.positionals {
            do throws(CommandFailure) {
                let laidOut = try LaidOutWorkout(reference, library: library)
                laidOut.warnings.forEach { Output.problem(TerminalText($0)) }
                if arguments[check] {
                    if laidOut.changes {
                        Output.line(TerminalText(laidOut.source.path))
                        failed = true
                    }
                } else if arguments[rewrite] {
                    try laidOut.write()
                } else {
                    Output.data(laidOut.text)
                }
            } catch {
                failed = true
                error.lines.forEach { Output.problem(TerminalText($0)) }
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
