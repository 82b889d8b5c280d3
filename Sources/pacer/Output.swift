import PacerCore
import PacerSystem

/// Where commands write: results on standard output, problems on standard error, always as
/// `TerminalText`, so no text from a file reaches the terminal as a control sequence.
enum Output {
    nonisolated(unsafe) static var standard = DescriptorOutput.standardOutput
    nonisolated(unsafe) static var error = DescriptorOutput.standardError

    static func line(_ text: TerminalText) {
        standard.write(text.rendered + "\n")
    }

    static func problem(_ text: TerminalText) {
        error.write(text.rendered + "\n")
    }

    /// Writes JSON or CSV text as it is: machine formats escape what they carry themselves.
    static func data(_ text: String) {
        standard.write(text)
    }
}
