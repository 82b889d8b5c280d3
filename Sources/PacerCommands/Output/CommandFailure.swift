import PacerCommandLine
import PacerFoundation

/// Why a command could not do what it was asked, beyond a bad command line: lines for standard error.
public struct CommandFailure: Error {
    public let lines: [String]

    public init(_ lines: [String]) {
        self.lines = lines
    }

    /// Says every line on standard error; the exit status of a command that failed.
    public func report() -> Int32 {
        lines.forEach { Output.problem(TerminalText($0)) }
        return ExitStatus.failure
    }
}
