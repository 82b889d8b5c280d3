/// Why a command could not do what it was asked, beyond a bad command line: lines for standard error.
struct CommandFailure: Error {
    let lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }
}
