#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Remembers the terminal's modes at start-up and puts them back, whatever the way out.
public enum TerminalModes {
    private static let saved = Mutex<termios?>(nil)

    /// Saves standard input's terminal modes, if it is a terminal.
    public static func save() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            saved.withLock { $0 = modes }
        }
    }

    /// Restores the saved modes and shows the cursor with default colours again.
    public static func restore() {
        if var modes = saved.withLock({ $0 }) {
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
        if isatty(STDOUT_FILENO) == 1 {
            var output = DescriptorOutput.standardOutput
            output.write(ANSI.reset + ANSI.showCursor)
        }
    }
}

/// The few ANSI escape sequences Pacer writes.
public enum ANSI {
    public static let reset = "\u{1B}[0m"
    public static let showCursor = "\u{1B}[?25h"
    public static let hideCursor = "\u{1B}[?25l"
    public static let clearToEnd = "\u{1B}[J"
    public static let clearLine = "\u{1B}[2K"

    public static func up(_ lines: Int) -> String {
        lines > 0 ? "\u{1B}[\(lines)A" : ""
    }
}
