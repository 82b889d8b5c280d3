/// Why a command could not do what it was asked, beyond a bad command line: lines for standard error.
public struct CommandFailure: Error {
    public let lines: [String]

    public init(_ lines: [String]) {
        self.lines = lines
    }
}
