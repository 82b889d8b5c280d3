import PacerCommandLine

extension CommandSpec {
    /// Runs a command's work, turning a usage error into its message, a hint and exit status 2.
    static func reportingUsage(of command: String, _ body: () throws(UsageError) -> Int32) -> Int32 {
        do throws(UsageError) {
            return try body()
        } catch {
            return Pacer.usageError(error.message, hintFor: command)
        }
    }
}
