/// Why a session could not be set up: a usage error (exit status 2, with a hint at `--help`),
/// or a failure with its lines for standard error (exit status 1).
public enum SessionSetupError: Error, Sendable {
    case usage(String)
    case failure([String])
}
