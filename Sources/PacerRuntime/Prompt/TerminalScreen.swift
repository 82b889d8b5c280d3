#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore

/// The one owner of the terminal: keeps the live block at the bottom, prints messages above it,
/// and lets the line editor redraw the prompt and the half-typed command below it after every change.
public final class TerminalScreen: Screen, @unchecked Sendable {
    // Mutable state is touched only on `queue`.
    public let isTerminal: Bool
    /// The queue on which drawing happens; the prompt reads input on the same queue.
    public let queue: DispatchQueue
    private var output: DescriptorOutput
    private var block: [String] = []
    /// Visible lengths of what is drawn above the cursor's line, to find its top again.
    private var drawnLengths: [Int] = []
    private var lineEditor: LineEditor?

    public init(output: DescriptorOutput = .standardOutput, queue: DispatchQueue = .main) {
        self.output = output
        self.queue = queue
        isTerminal = output.isTerminal
    }

    public var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(output.descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    public func show(_ block: [String]) {
        queue.async { [self] in
            self.block = block
            redraw(message: nil)
        }
    }

    public func print(_ line: String) {
        queue.async { [self] in redraw(message: line) }
    }

    /// Lets the line editor's prompt live below the block. Call on `queue`.
    func attach(_ editor: LineEditor?) {
        lineEditor = editor
    }

    /// Redraws now; call on `queue` (the line editor uses it after printing its own output).
    func redraw(message: String?) {
        guard isTerminal else {
            if let message { output.write(message + "\n") }
            return
        }
        let columns = size.columns
        let rowsAbove = drawnLengths.reduce(0) { $0 + max(1, ($1 + columns - 1) / columns) }
        var text = ANSI.hideCursor + "\r" + ANSI.up(rowsAbove) + ANSI.clearToEnd
        if let message { text += message + "\n" }
        for line in block { text += line + "\n" }
        if lineEditor != nil { text += ANSI.showCursor }
        output.write(text)
        drawnLengths = block.map(visibleLength)
        lineEditor?.redisplay()
    }

    /// Keeps a line the user just entered (readline has moved below it) in the scrollback, above the block.
    func commitInputLine(_ line: String) {
        drawnLengths.append(visibleLength(line))
        redraw(message: line)
    }

    /// Forgets the block, leaving what was printed, and moves below it (at the end of a session).
    func finish() {
        guard isTerminal else { return }
        block = []
        redraw(message: nil)
        drawnLengths = []
    }

    private func visibleLength(_ line: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}
