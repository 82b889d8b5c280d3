import Glibc
import PacerCommandLine
import PacerFoundation
import PacerSystem

/// Where commands write: results on standard output, problems on standard error, always as
/// `TerminalText`, so no text from a file reaches the terminal as a control sequence.
///
/// Standard output is gathered and written in large pieces (a 100,000-row timeline is not
/// 100,000 system calls); it is flushed before anything goes to standard error, so the two keep
/// their order on a terminal, and when the command ends. A write that fails (a full disk, a
/// closed pipe) is kept, nothing more is written, and `finish` makes the command fail with it.
/// Inside `capturing` (a test) the text is gathered for the calling task instead.
public enum Output {
    public static let standard = DescriptorOutput.standardOutput
    public static let error = DescriptorOutput.standardError
    nonisolated(unsafe) private static var pending = ""
    /// The first write to standard output that failed, if one did.
    nonisolated(unsafe) public private(set) static var failedWrite: FileError?

    /// Whether standard output is a terminal: never while it is captured.
    public static var isTerminal: Bool { capture == nil && standard.isTerminal }

    public static func line(_ text: TerminalText) {
        if let capture { return capture.append(output: text.rendered + "\n") }
        pending += text.rendered
        data("\n")
    }

    public static func problem(_ text: TerminalText) {
        if let capture { return capture.append(error: text.rendered + "\n") }
        flush()
        error.write(text.rendered + "\n")
    }

    /// Writes JSON or CSV text as it is: machine formats escape what they carry themselves.
    public static func data(_ text: String) {
        if let capture { return capture.append(output: text) }
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    /// Writes a file's text: as it is to a pipe or a file, with every control character shown to a terminal.
    public static func source(_ bytes: [UInt8]) {
        if let capture { return capture.append(output: String(decoding: bytes, as: UTF8.self)) }
        if isTerminal {
            data(TerminalText(lines: String(decoding: bytes, as: UTF8.self)).rendered)
        } else {
            flush()
            write(bytes)
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
        write(Array(pending.utf8))
        pending = ""
    }

    /// Writes `bytes` to standard output unless a write has failed, keeping the failure.
    private static func write(_ bytes: [UInt8]) {
        guard failedWrite == nil else { return }
        do throws(FileError) {
            try FileSystem.writeAll(standard.descriptor, bytes)
        } catch {
            failedWrite = FileError("write to", "standard output", error.reason)
        }
    }

    /// Flushes and closes standard output as the command ends, and gives the exit status: the
    /// command's `status`, or, when a write or the close failed, a failure said on standard error;
    /// a reader that went away (`pacer list | head -1`) ends it as SIGPIPE would, without a word.
    public static func finish(_ status: Int32) -> Int32 {
        flush()
        if failedWrite == nil, close(standard.descriptor) != 0, errno != EBADF {
            failedWrite = FileError("close", "standard output", errno: errno)
        }
        guard let failedWrite else { return status }
        if failedWrite.reason == .system(String(cString: strerror(EPIPE))) { return 128 + SIGPIPE }
        error.write("pacer: \(failedWrite.message())\n")
        return status == ExitStatus.success ? ExitStatus.failure : status
    }
}
