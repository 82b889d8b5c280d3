import TerminalRendering

/// The options and argument help several of pacer's commands share, declared once.
public enum SharedOptions {
    /// What a WORKOUT argument may be, for the help of every command that takes one.
    public static let workoutArgument = """
        WORKOUT is a path, a name on the search path (see 'pacer list'), - for standard input, or a
        line of notation such as "10s prepare, 8x(20s Sprint, 10s rest), 2m cooldown" (see
        docs/workout-format.md). A FIFO or <(command) is read like standard input, for at most 10 s;
        Ctrl-C ends the wait at once.
        """

    /// `--color WHEN`, for every command that colours its output.
    public static let color = Option<ColorChoice>(
        "--color", value: "WHEN", help: "colour the output: auto (default), always or never; NO_COLOR is respected",
        kind: .choice(ColorChoice.allCases.map(\.rawValue))
    ) { text throws(UsageError) in
        guard let choice = ColorChoice(rawValue: text) else {
            throw UsageError(message: "--color takes auto, always or never, not '\(text)'")
        }
        return choice
    }

    /// `--name NAME`, for every command that takes a workout written in notation.
    public static let notationName = Option<String>(
        "--name", value: "NAME", help: "the name of a workout written as a line of notation (default: the line)")

    /// `--json`, for the commands that can print JSON instead of text.
    public static let json = Flag("--json", help: "print JSON instead of text")
}
