extension Subprocess {
    /// Runs `executable` to its end, waiting at most `timeout` seconds (then it is stopped); its
    /// exit status, or nil when it could not start or took too long.
    public static func run(
        _ executable: String, arguments: [String], environment: [String: String], stdout: Int32?, stderr: Int32?,
        timeout: Double
    ) -> Int32? {
        guard let process = try? spawn(executable, arguments: arguments, environment: environment, stdout: stdout, stderr: stderr) else {
            return nil
        }
        guard process.wait(seconds: timeout) else {
            process.stop(grace: 1)
            return nil
        }
        return process.status
    }
}
