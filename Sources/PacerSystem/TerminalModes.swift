import Glibc
import Synchronization

/// Remembers the terminal's modes at start-up and puts them back, whatever the way out.
public enum TerminalModes {
    private static let saved = Mutex<termios?>(nil)
    private static let alternateScreen = Mutex(false)
    private static let takesEscapes = Atomic(true)

    /// Says whether the terminal takes escape sequences (not with `TERM=dumb`): one that does not
    /// gets none, not even on the way out.
    public static func setTakesEscapes(_ takes: Bool) {
        takesEscapes.store(takes, ordering: .relaxed)
    }

    /// Saves standard input's terminal modes, if it is a terminal.
    public static func save() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            saved.withLock { $0 = modes }
        }
    }

    /// Restores the saved modes, the normal screen, the cursor and the default colours.
    public static func restore() {
        if var modes = saved.withLock({ $0 }) {
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
        leaveAlternateScreen()
        if isatty(STDOUT_FILENO) == 1, takesEscapes.load(ordering: .relaxed) {
            let output = DescriptorOutput.standardOutput
            output.write(ANSI.reset + ANSI.showCursor)
        }
    }

    /// Restarts the output of the terminal `descriptor` if the user stopped it (Ctrl-S, with
    /// `ixon`), leaving its modes as they were. `tcflow` cannot do it (it restarts only what
    /// `tcflow` stopped); Linux restarts the output when `ixon` is turned off, so it is turned off
    /// and on again. Call it from the foreground only: a job in the background must not restart
    /// the output of the job in front.
    public static func resumeStoppedOutput(of descriptor: Int32) {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0, modes.c_iflag & tcflag_t(IXON) != 0 else { return }
        modes.c_iflag &= ~tcflag_t(IXON)
        tcsetattr(descriptor, TCSANOW, &modes)
        modes.c_iflag |= tcflag_t(IXON)
        tcsetattr(descriptor, TCSANOW, &modes)
    }

    /// Whether this process is in the foreground of its terminal (or has no terminal): a job
    /// continued in the background (`kill -CONT` without `fg`) must leave the terminal to the shell.
    public static var isForeground: Bool {
        guard isatty(STDIN_FILENO) == 1 else { return true }
        return tcgetpgrp(STDIN_FILENO) == getpgrp()
    }

    /// Switches to the alternate screen, remembering to switch back on every way out.
    public static func enterAlternateScreen() {
        alternateScreen.withLock { entered in
            guard !entered else { return }
            entered = true
            let output = DescriptorOutput.standardOutput
            output.write(ANSI.enterAlternateScreen)
        }
    }

    /// Goes back to the normal screen, as it was before the session, if the session left it.
    public static func leaveAlternateScreen() {
        alternateScreen.withLock { entered in
            guard entered else { return }
            entered = false
            let output = DescriptorOutput.standardOutput
            output.write(ANSI.resetScrollRegion + ANSI.leaveAlternateScreen)
        }
    }
}

/// The few ANSI escape sequences Pacer writes.
public enum ANSI {
    public static let reset = "\u{1B}[0m"
    public static let showCursor = "\u{1B}[?25h"
    public static let clearLine = "\u{1B}[2K"

    public static let clearScreen = "\u{1B}[2J"
    public static let saveCursor = "\u{1B}7"
    public static let restoreCursor = "\u{1B}8"
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let resetScrollRegion = "\u{1B}[r"

    public static func moveTo(row: Int, column: Int) -> String {
        "\u{1B}[\(row);\(column)H"
    }

    /// Limits scrolling to rows `top` through `bottom` (1-based).
    public static func scrollRegion(top: Int, bottom: Int) -> String {
        "\u{1B}[\(top);\(bottom)r"
    }
}
