import PacerCore

/// Shows the session: a live, coloured display in a terminal, one plain line per event otherwise,
/// and a summary at the end.
public final class TerminalSink: Sink, @unchecked Sendable {
    // All state is touched only on the sink's own queue.
    private let screen: any Screen
    private let palette: Palette
    private var tally = SessionTally()
    private var phaseStart: (index: Int, count: Int, phase: Phase, next: String?)?
    private var planned = WorkoutDuration.zero
    private var speed = 1.0
    private var lastCue: String?
    private var snapshot: Snapshot?
    /// Whether the clock is stopped, from the latest pause/resume event or snapshot: a phase that
    /// starts (or is lengthened) during a pause is still paused, though no snapshot says so yet.
    private var paused = false
    private var lastBlock: [String] = []

    public init(screen: any Screen, color: ColorChoice, noColor: Bool) {
        self.screen = screen
        palette = Palette(enabled: color.enabled(isTerminal: screen.isTerminal, noColor: noColor))
    }

    public func receive(_ event: Event) throws {
        tally.record(event)
        switch event.payload {
        case let .sessionStart(_, _, _, plannedTime, _, sessionSpeed):
            planned = plannedTime
            speed = sessionSpeed
        case let .phaseStart(index, count, phase, next):
            phaseStart = (index, count, phase, next)
            lastCue = phase.cue
            snapshot = nil
        case let .cue(_, text):
            lastCue = text
        case .pause:
            paused = true
        case .resume:
            paused = false
        case let .sessionEnd(outcome, _, paused, _):
            if screen.isTerminal { show([]) }
            screen.print(palette.paint(tally.summary(outcome: outcome, paused: paused), palette.bold))
            return
        default:
            break
        }
        if screen.isTerminal {
            redraw()
        } else if let line = PlainLine.text(for: event, palette: palette, speed: speed) {
            screen.print(line)
        }
    }

    public func note(_ text: String) {
        screen.print(text)
    }

    public func update(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        paused = snapshot.paused
        if screen.isTerminal { redraw() }
    }

    private func redraw() {
        guard let phaseStart else { return }
        let size = screen.size
        let view = LiveView(
            index: phaseStart.index, count: phaseStart.count, phase: phaseStart.phase, next: phaseStart.next,
            cue: lastCue, snapshot: snapshot, paused: paused, planned: planned, palette: palette)
        show(view.lines(columns: size.columns, rows: size.rows))
    }

    /// Sends a block to the screen only when it differs from what is shown.
    private func show(_ block: [String]) {
        guard block != lastBlock else { return }
        lastBlock = block
        screen.show(block)
    }
}
