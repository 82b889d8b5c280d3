/// Why a session could not be set up: a usage error (exit status 2, with a hint at `--help`),
/// a failure with its lines for standard error (exit status 1), or a stopping signal that came
/// before the session started, with its lines (exit status 128 + the signal).
public enum SessionSetupError: Error, Sendable {
    case usage(String)
    case failure([String])
    case interrupted(signal: Int32, lines: [String])
}
