import Dispatch
import Glibc
import PacerFoundation
import PacerSystem

/// The terminal a session uses, decided once: where the display goes, where messages for the
/// user go, and how commands are read.
public struct SessionTerminal: Sendable {
    /// How commands reach the session from standard input.
    public enum Input: Sendable {
        /// The readline prompt, drawn on this screen.
        case prompt(TerminalScreen)
        /// Plain lines: a pipe, a file, a dumb terminal.
        case lines
        /// Nothing is read (`--no-prompt` at a terminal).
        case none
    }

    /// Where the display (and the plain event lines) go: standard output.
    public let display: TerminalScreen
    /// Where messages for the user go: the prompt's screen when there is one, else the display's.
    public let messages: TerminalScreen
    public let input: Input

    /// Chooses for this process: the live display needs a terminal that is not `TERM=dumb`; the
    /// prompt needs standard input to be a terminal, and is drawn on standard output, or on standard
    /// error (or /dev/tty) when standard output goes elsewhere.
    public init(environment: Environment, prompt: Bool) {
        let capable = environment["TERM"] != "dumb"
        TerminalModes.setTakesEscapes(capable)
        display = TerminalScreen(live: capable)
        if isatty(STDIN_FILENO) != 1 {
            input = .lines
        } else if !prompt {
            input = .none
        } else if !capable {
            input = .lines
        } else {
            input = .prompt(display.isLive ? display : Self.promptScreen())
        }
        if case .prompt(let screen) = input { messages = screen } else { messages = display }
    }

    /// A screen for the prompt when standard output is not the terminal: standard error if it is
    /// one, else the controlling terminal.
    private static func promptScreen() -> TerminalScreen {
        if isatty(STDERR_FILENO) == 1 { return TerminalScreen(output: .standardError, live: false) }
        let terminal = open("/dev/tty", O_WRONLY | O_CLOEXEC)
        return TerminalScreen(output: terminal >= 0 ? DescriptorOutput(terminal) : .standardError, live: false)
    }

    /// Tells the user something where they are looking, without disturbing the display or the prompt.
    public func report(_ text: TerminalText) {
        messages.warn(text)
    }

    /// Reports a problem as `report` does and returns once it is written, so that what the caller
    /// does next (ending the session, whose summary another screen may print) comes after it.
    func reportNow(_ text: TerminalText) {
        messages.warn(text)
        messages.queue.sync {}
    }

    /// Every screen the session draws on.
    var screens: [TerminalScreen] {
        messages === display ? [display] : [display, messages]
    }
}
