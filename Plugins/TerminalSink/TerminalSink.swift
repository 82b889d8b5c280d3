import PacerCore
import TerminalDisplay
import SinkKit
import TerminalRendering

/// Shows the session: a live, coloured display in a terminal, one plain line per event otherwise,
/// and a summary at the end.
public final class TerminalSink: Sink, @unchecked Sendable {
    // All state is touched only on the sink's own queue.
    private let screen: any Screen
    private let palette: Palette
    private var phaseStart: Event.PhaseStart?
    private var planned = WorkoutDuration.zero
    private var scale = TimeScale(speed: 1)
    private var lastCue: String?
    private var snapshot: Snapshot?
    /// Whether the clock is stopped, from the latest pause/resume event or snapshot: a phase that
    /// starts (or is lengthened) during a pause is still paused, though no snapshot says so yet.
    private var paused = false
    /// The block sent to the screen last; nil when spans were written over it since, or nothing was sent.
    private var lastBlock: [TerminalText]?
    /// What the frame on the screen was drawn for, while the next may be written as spans over it.
    private var drawnTick: LiveView.Tick?
    private let memo = LiveViewMemo()

    public init(screen: any Screen, color: ColorChoice, noColor: Bool) {
        self.screen = screen
        palette = Palette(enabled: color.enabled(isTerminal: screen.isLive, noColor: noColor))
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
        switch event.payload {
        case .sessionStart(let start):
            planned = start.planned
            scale = TimeScale(speed: start.speed)
        case .phaseStart(let start):
            phaseStart = start
            lastCue = start.phase.cue
            snapshot = nil
        case .cue(let call):
            lastCue = call.text
        case .pause:
            paused = true
        case .resume:
            paused = false
        case .sessionEnd(let end):
            drawnTick = nil
            if screen.isLive { show([]) }
            screen.print(palette.paint(TerminalText(SummaryText.text(for: end)), palette.bold))
            return
        case .countdown, .phaseEnd, .blockEnd:
            // The display shows nothing of these: a redraw would give the block it shows.
            guard !screen.isLive else { return }
        default:
            break
        }
        if screen.isLive {
            redraw()
        } else if let line = PlainLine.text(for: event, palette: palette, scale: scale) {
            screen.print(line)
        }
    }

    public func reply(_ reply: Reply) {
        if let text = reply.text { screen.print(TerminalText(lines: text)) }
    }

    public func update(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        paused = snapshot.paused
        if screen.isLive { redraw() }
    }

    /// Draws the display: as spans over the frame before when only what a second changes
    /// changed (a tick of the clock writes a digit's rows and the bars' ends, and builds no more),
    /// else the whole block.
    private func redraw() {
        guard let view else { return }
        let size = screen.size
        let tick = view.tick(columns: size.columns, rows: size.rows)
        defer { drawnTick = tick }
        if let drawnTick, let tick, let spans = view.spans(from: drawnTick, to: tick) {
            guard !spans.isEmpty else { return }
            lastBlock = nil
            // Weakly: the screen keeps the closure, and the sink keeps the screen.
            screen.overwrite(spans) { [weak self] in self?.currentBlock() ?? [] }
        } else {
            show(view.lines(for: tick, columns: size.columns))
        }
    }

    /// The display as it is now.
    private var view: LiveView? {
        phaseStart.map { LiveView(start: $0, cue: lastCue, snapshot: snapshot, paused: paused, planned: planned, palette: palette, memo: memo) }
    }

    /// The whole block the display shows now, for the screen when it draws it whole.
    private func currentBlock() -> [TerminalText] {
        let size = screen.size
        return view?.lines(columns: size.columns, rows: size.rows) ?? []
    }

    /// Sends a block to the screen only when it differs from what is shown.
    private func show(_ block: [TerminalText]) {
        if let lastBlock, block.elementsEqual(lastBlock, by: { $0.isIdentical(to: $1) }) { return }
        lastBlock = block
        screen.show(block)
    }
}
