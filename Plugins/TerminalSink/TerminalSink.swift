import PacerCore

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
    private var lastBlock: [TerminalText] = []
    private let memo = LiveViewMemo()

    public init(screen: any Screen, color: ColorChoice, noColor: Bool) {
        self.screen = screen
        palette = Palette(enabled: color.enabled(isTerminal: screen.isLive, noColor: noColor))
    }

    /// The live display, or plain lines; replies to commands are shown here.
    public static let registration = SinkRegistration(
        name: "terminal", summary: "the live display in a terminal, or one line per event in a pipe or file",
        traits: SinkTraits(kind: .presenter, showsReplies: true, ownsScreen: true, takesSnapshots: true),
        isDefault: { _ in true }
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

    private func redraw() {
        guard let phaseStart else { return }
        let size = screen.size
        let view = LiveView(start: phaseStart, cue: lastCue, snapshot: snapshot, paused: paused, planned: planned, palette: palette, memo: memo)
        show(view.lines(columns: size.columns, rows: size.rows))
    }

    /// Sends a block to the screen only when it differs from what is shown.
    private func show(_ block: [TerminalText]) {
        guard !block.elementsEqual(lastBlock, by: { $0.isIdentical(to: $1) }) else { return }
        lastBlock = block
        screen.show(block)
    }
}
