import Dispatch
import Glibc
import PacerFoundation
import PacerSystem
import TerminalRendering

/// The one owner of a terminal during a session.
///
/// Live, the session takes the alternate screen: the live block sits in the top rows, and
/// everything else (messages, the prompt and whatever readline prints) lives in a scrolling
/// region below it, so a redraw never moves the cursor or touches the line being typed. A new
/// block is drawn by writing only the cells that changed, in one write; whatever lays the screen
/// out again (a resize, a continue after a stop, a block of another height) draws it whole. When
/// the block is removed, the normal screen comes back as it was and later lines print there.
/// Not live, lines are printed one after another, above the prompt when there is one.
// @unchecked: its state is confined to `queue`, on which it calls the display and readline back synchronously; a lock there would deadlock.
public final class TerminalScreen: Screen, @unchecked Sendable {
    // Mutable state is touched only on `queue`.
    public let isLive: Bool
    /// The queue on which drawing happens; the prompt reads input on the same queue.
    public let queue = DispatchQueue(label: "pacer.screen", qos: .userInteractive)
    let output: DescriptorOutput
    /// Called once, on `queue`, when the output cannot be written any more (its reader went away).
    var outputClosed: @Sendable () -> Void = {}
    private var outputFailed = false
    private var shownBlock: [TerminalText] = []
    /// What makes the block shown when spans were written over it last: it is made only when it
    /// is drawn whole.
    private var blockSource: (@Sendable () -> [TerminalText])?
    /// The block shown, as it is now.
    private var block: [TerminalText] {
        if let source = blockSource {
            shownBlock = source()
            blockSource = nil
        }
        return shownBlock
    }
    /// What the block's rows show now, cell by cell.
    private var frame = BlockFrame()
    /// The rows the block and the scrolling region were laid out for; nil when not live.
    /// `shared`: the terminal is so short that the region shares a row with the block, so
    /// what is printed there may overwrite it.
    private var layout: (blockRows: Int, rows: Int, shared: Bool)?
    private var lineEditor: LineEditor?
    /// Set while the process is stopped (Ctrl-Z): nothing is drawn until it continues.
    private var suspended = false
    /// The last lines printed in the scrolling region, drawn again when the screen is laid out
    /// anew (a resize, a continue after a stop), so no message is wiped before it is read.
    private var recentLines: [String] = []
    static let recentLinesKept = 20

    /// A screen on `output`; `live` asks for the live display, which it gets only on a terminal.
    public init(output: DescriptorOutput = .standardOutput, live: Bool) {
        self.output = output
        isLive = live && output.isTerminal
        queue.setSpecific(key: Self.screenOfQueue, value: ObjectIdentifier(self))
    }

    /// Which screen's queue the code runs on, if any.
    private static let screenOfQueue = DispatchSpecificKey<ObjectIdentifier>()

    /// Runs `work` on `queue`: at once when already there (the display's sink runs on it, so a
    /// frame is drawn in the wake-up that made it), else after what waits there.
    private func onQueue(_ work: @escaping @Sendable () -> Void) {
        if DispatchQueue.getSpecific(key: Self.screenOfQueue) == ObjectIdentifier(self) {
            work()
        } else {
            queue.async(execute: work)
        }
    }

    public var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(output.descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    public func show(_ block: [TerminalText]) {
        onQueue { [self] in
            guard isLive else { return }
            shownBlock = block
            blockSource = nil
            if suspended { return }
            if block.isEmpty {
                leaveLiveMode()
                return
            }
            let size = size
            if let layout, layout.blockRows == block.count, layout.rows == size.rows {
                if layout.shared { frame.invalidate() }
                emitInPlace(drawBlock(size: size))
            } else {
                relayout()
            }
        }
    }

    public func overwrite(_ spans: [TerminalSpan], block: @escaping @Sendable () -> [TerminalText]) {
        onQueue { [self] in
            guard isLive else { return }
            if suspended {
                blockSource = block
                return
            }
            let size = size
            if let layout, !layout.shared, layout.rows == size.rows,
                let changes = frame.overwrite(spans, columns: size.columns, rows: Self.blockRows(size), fromDefaultStyle: true)
            {
                blockSource = block
                emitInPlace(changes)
            } else {
                show(block())
            }
        }
    }

    /// Writes `changes` to the block's rows, leaving the cursor where it was; nothing when empty.
    private func emitInPlace(_ changes: [UInt8]) {
        guard !changes.isEmpty else { return }
        var bytes = Array(ANSI.saveCursor.utf8)
        bytes.reserveCapacity(changes.count + 4)
        bytes += changes
        bytes += ANSI.restoreCursor.utf8
        emit(bytes)
    }

    public func print(_ line: TerminalText) {
        onQueue { [self] in printNow(line) }
    }

    /// Reports a problem where the user is looking: on this screen while it is live or has the
    /// prompt, otherwise on standard error.
    public func warn(_ line: TerminalText) {
        queue.async { [self] in
            if layout != nil || lineEditor != nil {
                printNow(line)
            } else {
                let error = DescriptorOutput.standardError
                error.write(line.rendered + "\n")
            }
        }
    }

    /// Prints a line in the scrolling region, or above the prompt, or plainly. Call on `queue`.
    func printNow(_ line: TerminalText) {
        let text = line.rendered
        guard layout != nil || lineEditor != nil else {
            emit(text + "\n")
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        if layout != nil {
            recentLines.append(lines)
            recentLines.removeFirst(max(0, recentLines.count - Self.recentLinesKept))
        }
        emit("\r" + ANSI.clearLine + lines + "\r\n")
        // While stopped the shell owns the terminal: no prompt is drawn under its own.
        if !suspended { lineEditor?.redisplay() }
    }

    /// Lets the line editor's prompt live at the bottom of the screen. Call on `queue`.
    func attach(_ editor: LineEditor?) {
        lineEditor = editor
    }

    /// Lays the screen out again for its current size (after a resize, or when the user asks
    /// with Ctrl-L), and says whether it did: not when the screen is not live. Call on `queue`.
    @discardableResult
    func relayoutIfLive() -> Bool {
        guard layout != nil else { return false }
        relayout()
        return true
    }

    /// Gives the terminal back as it was before the process stops (Ctrl-Z). Call on `queue`.
    func suspend() {
        suspended = true
        lineEditor?.suspend()
        leaveAlternateScreen()
    }

    /// Takes the terminal again after the process is continued, whether Pacer stopped itself
    /// (Ctrl-Z) or was stopped from outside: readline's modes and the whole screen are redone,
    /// since the shell may have changed both meanwhile. Call on `queue`.
    func resumeAfterStop() {
        suspended = false
        lineEditor?.resume()
        if isLive, !block.isEmpty || lineEditor != nil {
            relayout()
        } else {
            lineEditor?.redisplay()
        }
    }

    /// Takes the alternate screen now, before anything (the prompt) is drawn. Call on `queue`.
    func goLive() {
        if isLive, layout == nil { relayout() }
    }

    private func relayout() {
        let size = size
        let rows = size.rows
        if layout == nil {
            TerminalModes.enterAlternateScreen()
        }
        let blockRows = min(block.count, max(1, rows - 3))
        let regionTop = min(blockRows + 2, rows)
        layout = (block.count, rows, regionTop <= blockRows)
        frame.invalidate()
        var bytes = Array((ANSI.resetScrollRegion + ANSI.clearScreen).utf8)
        bytes += drawBlock(size: size)
        bytes += (ANSI.scrollRegion(top: regionTop, bottom: rows) + ANSI.moveTo(row: rows, column: 1)).utf8
        bytes += recentLines.map { $0 + "\r\n" }.joined().utf8
        emit(bytes)
        lineEditor?.redisplay()
    }

    private func emit(_ text: String) {
        emit(Array(text.utf8))
    }

    private func emit(_ bytes: [UInt8]) {
        do {
            try FileSystem.writeAll(output.descriptor, bytes)
        } catch {
            if !outputFailed {
                outputFailed = true
                outputClosed()
            }
        }
    }

    /// What turns the block's rows into `block`: the cells that changed, or all after `frame` was invalidated.
    private func drawBlock(size: (columns: Int, rows: Int)) -> [UInt8] {
        // Pacer's styled text ends in a reset and the prompt is plain: the terminal draws in its default style.
        frame.draw(block, columns: size.columns, rows: Self.blockRows(size), fromDefaultStyle: true)
    }

    /// The rows the block may take: the screen's, but for the scrolling region's three at least.
    private static func blockRows(_ size: (columns: Int, rows: Int)) -> Int {
        max(1, size.rows - 3)
    }

    /// Ends the live display: the prompt goes first, so nothing of it lands on the normal screen.
    private func leaveLiveMode() {
        guard layout != nil else { return }
        lineEditor?.close()
        lineEditor = nil
        leaveAlternateScreen()
    }

    /// Forgets the layout and gives back the normal screen, if the screen was live.
    private func leaveAlternateScreen() {
        guard layout != nil else { return }
        layout = nil
        TerminalModes.leaveAlternateScreen()
    }
}
