import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerUserFiles

/// `pacer cat WORKOUT`: a workout's source as it is written, built-ins included.
enum CatCommand {
    static let spec = CommandSpec(
        name: "cat", abstract: "print a workout's source, built-ins included", usage: "pacer cat WORKOUT", arguments: .workout,
        details: SharedOptions.workoutArgument + """


            The file is printed as it is, valid or not, so 'pacer cat tabata > my-tabata.json' starts
            a workout of your own; a line of notation is printed as the JSON file it stands for. On a
            terminal, control characters in it are shown, not obeyed.
            """,
        options: [SharedOptions.notationName.spec]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "cat") { () throws(UsageError) in
            let reference = try arguments.workout(for: "cat")
            do throws(WorkoutLoadError) {
                Output.source(try WorkoutLoader.source(of: reference, library: arguments.library(environment)))
                return ExitStatus.success
            } catch {
                error.lines.forEach { Output.problem(TerminalText($0)) }
                return ExitStatus.failure
            }
        }
    }
}
