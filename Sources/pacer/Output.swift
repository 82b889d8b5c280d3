import PacerRuntime

/// Where commands write: results on standard output, problems on standard error.
enum Output {
    nonisolated(unsafe) static var standard = DescriptorOutput.standardOutput
    nonisolated(unsafe) static var error = DescriptorOutput.standardError

    static func line(_ text: String) {
        standard.write(text + "\n")
    }

    static func problem(_ text: String) {
        error.write(text + "\n")
    }
}
