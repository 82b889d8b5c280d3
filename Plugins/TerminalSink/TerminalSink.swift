import PacerEngine
import PacerFoundation
import SinkKit
import Synchronization
import TerminalDisplay
import TerminalRendering

/// Shows the session: a live, coloured display in a terminal, one plain line per event otherwise,
/// and a summary at the end.
public final class TerminalSink: Sink {
    private let screen: any Screen
    /// What the display shows and knows. Only the sink's queue uses it; the lock lets the compiler
    /// check that. The screen is called outside the lock, since it may ask for the block at once.
    private let display: Mutex<DisplayState>

    public init(screen: any Screen, color: ColorChoice, noColor: Bool) {
        self.screen = screen
        display = Mutex(DisplayState(palette: Palette(enabled: color.enabled(isTerminal: screen.isLive, noColor: noColor))))
    }

    /// The live display, or plain lines; replies to commands are shown here.
    public static let registration = SinkRegistration(
        name: "terminal", summary: "the live display in a terminal, or one line per event in a pipe or file",
        traits: SinkTraits(kind: .presenter, showsReplies: true, ownsScreen: true, takesSnapshots: true),
        runsByDefault: .always
    ) { context in
        TerminalSink(screen: context.screen, color: context.settings.color, noColor: context.settings.noColor)
    }

    public func receive(_ event: Event) throws {
        let isLive = screen.isLive
        let size = isLive ? screen.size : (columns: 0, rows: 0)
        perform(display.withLock { $0.receive(event, isLive: isLive, size: size) })
    }

    public func reply(_ reply: Reply) {
        if let text = reply.text { screen.print(TerminalText(lines: text)) }
    }

    public func update(_ snapshot: Snapshot) {
        let isLive = screen.isLive
        let size = screen.size
        perform(display.withLock { $0.update(snapshot, isLive: isLive, size: size) })
    }

    /// Does what the display decided, in order.
    private func perform(_ actions: [DisplayState.Action]) {
        for action in actions {
            switch action {
            case .show(let block):
                screen.show(block)
            case .print(let line):
                screen.print(line)
            case .overwrite(let spans):
                // Weakly: the screen keeps the closure, and the sink keeps the screen.
                screen.overwrite(spans) { [weak self] in self?.currentBlock() ?? [] }
            }
        }
    }

    /// The whole block the display shows now, for the screen when it draws it whole.
    private func currentBlock() -> [TerminalText] {
        let size = screen.size
        return display.withLock { $0.view?.lines(columns: size.columns, rows: size.rows) ?? [] }
    }
}
