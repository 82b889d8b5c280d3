import PacerCore
import PacerSystem

/// Where commands write: results on standard output, problems on standard error, always as
/// `TerminalText`, so no text from a file reaches the terminal as a control sequence.
///
/// Standard output is gathered and written in large pieces (a 100,000-row timeline is not
/// 100,000 system calls); it is flushed before anything goes to standard error, so the two keep
/// their order on a terminal, and when the command ends.
public enum Output {
    public static let standard = DescriptorOutput.standardOutput
    public static let error = DescriptorOutput.standardError
    nonisolated(unsafe) private static var pending = ""

    public static func line(_ text: TerminalText) {
        pending += text.rendered
        data("\n")
    }

    public static func problem(_ text: TerminalText) {
        flush()
        error.write(text.rendered + "\n")
    }

    /// Writes JSON or CSV text as it is: machine formats escape what they carry themselves.
    public static func data(_ text: String) {
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    /// Writes a file's text: as it is to a pipe or a file, with every control character shown to a terminal.
    public static func source(_ bytes: [UInt8]) {
        if standard.isTerminal {
            data(TerminalText(lines: String(decoding: bytes, as: UTF8.self)).rendered)
        } else {
            flush()
            try? FileSystem.writeAll(standard.descriptor, bytes)
        }
    }

    /// Standard output as a stream, for writers that take one.
    public struct Stream: TextOutputStream {
        public mutating func write(_ string: String) {
            Output.data(string)
        }
    }

    nonisolated(unsafe) public static var stream = Stream()

    /// Writes what is gathered.
    public static func flush() {
        guard !pending.isEmpty else { return }
        standard.write(pending)
        pending = ""
    }
}
