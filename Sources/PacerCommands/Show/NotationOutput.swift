import PacerCommandLine
import PacerFoundation
import PacerUserFiles
import PacerWorkout

/// `pacer show --notation`: a workout as one line of notation, and what the line leaves out.
public enum NotationOutput {
    /// Prints the workout as one line of notation, and on standard error what the line leaves out.
    public static func print(_ loaded: LoadedWorkout) -> Int32 {
        do throws(NotationUnsupported) {
            let written = try NotationWriter.write(loaded.workout)
            Output.line(TerminalText(written.line))
            if !written.leftOut.isEmpty {
                let list =
                    written.leftOut.count == 1
                    ? written.leftOut[0] : written.leftOut.dropLast().joined(separator: ", ") + " and " + written.leftOut.last!
                var note: TerminalText = "pacer: the line leaves out \(list)"
                if written.leftOut.contains("the name") { note += " (give the name with --name)" }
                Output.problem(note)
            }
            return ExitStatus.success
        } catch {
            Output.problem("pacer: \(loaded.source.path) cannot be written as one line: \(error.description)")
            return ExitStatus.failure
        }
    }
}
