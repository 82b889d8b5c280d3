import Glibc
import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles

/// `pacer edit NAME`: the workout in `$VISUAL` or `$EDITOR`, checked when the editor exits, as
/// `crontab -e` does: a valid file is never replaced by one with errors.
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit", abstract: "edit a workout in your editor, checking it before it is saved", usage: "pacer edit WORKOUT",
        arguments: .workout,
        details: """
            Opens $VISUAL, else $EDITOR, else vi, on a copy of the workout beside it (a built-in one
            is first copied to $XDG_CONFIG_HOME/pacer/workouts). When the editor exits the copy is
            checked: a valid one replaces the workout; on errors they are shown and you are asked to
            edit again. Without a terminal to ask on, or if you say no, the workout stays as it was
            and the edited copy is kept beside it, where the next 'pacer edit' picks it up. Another
            app's file (.zwo, .erg, .fit, ...) is not changed: the message gives the 'pacer import'
            that writes it as a workout file to edit. A name means NAME.json before another app's
            file of that name, here as in every command.
            """,
        options: []
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "edit") { () throws(UsageError) in
            let reference = try arguments.workout(for: "edit")
            do throws(CommandFailure) {
                return try WorkoutFile.edit(WorkoutFile.editable(reference, environment: environment), environment: environment)
            } catch {
                error.lines.forEach { Output.problem(TerminalText($0)) }
                return ExitStatus.failure
            }
        }
    }
}
