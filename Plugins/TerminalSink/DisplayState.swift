import PacerEngine
import PacerFoundation
import PacerWorkout
import TerminalDisplay
import TerminalRendering

/// What the terminal sink shows and knows between events: the phase, the cue, the latest snapshot,
/// the frame on the screen. It decides what to send to the screen; the sink sends it.
struct DisplayState {
    /// What to send to the screen.
    enum Action {
        case show([TerminalText])
        case print(TerminalText)
        case overwrite([TerminalSpan])
    }

    let palette: Palette
    private var phaseStart: Event.PhaseStart?
    private var planned = WorkoutDuration.zero
    /// The plan run, for the load the summary gives.
    private var plan: Plan?
    private var scale = TimeScale(speed: 1)
    private var lastCue: String?
    private var snapshot: Snapshot?
    /// What the sensors said this session; nil until something is measured.
    private var readings: Readings?
    /// The workout's profile row, made once at the start; nil without a power target.
    private var profile: ProfileRow?
    /// Whether the clock is stopped, from the latest pause/resume event or snapshot: a phase that
    /// starts (or is lengthened) during a pause is still paused, though no snapshot says so yet.
    private var paused = false
    /// The block sent to the screen last; nil when spans were written over it since, or nothing was sent.
    private var lastBlock: [TerminalText]?
    /// What the frame on the screen was drawn for, while the next may be written as spans over it.
    private var drawnTick: LiveView.Tick?
    private let memo = LiveViewMemo()

    init(palette: Palette) {
        self.palette = palette
    }

    mutating func receive(_ event: Event, isLive: Bool, size: (columns: Int, rows: Int)) -> [Action] {
        switch event.payload {
        case .sessionStart(let start):
            planned = start.planned
            plan = start.plan
            scale = TimeScale(speed: start.speed)
            profile = isLive ? start.plan.flatMap(ProfileRow.init) : nil
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
            let clear = isLive ? show([]) : []
            // On a terminal the summary is broken between its parts to the terminal's width.
            let width = isLive ? max(1, size.columns - 1) : nil
            let closing = width.map { SummaryText.closing(for: end, width: $0) } ?? [SummaryText.text(for: end)]
            let load = SummaryText.load(of: end.measured, plan: plan, width: width ?? SummaryText.loadWidth)
            return clear + closing.map { .print(palette.paint(TerminalText($0), palette.bold)) } + load.map { .print(TerminalText($0)) }
        case .countdown, .phaseEnd, .blockEnd, .sample:
            // The display shows nothing of these (a sample's values come with each second's
            // snapshot): a redraw would give the block it shows.
            guard !isLive else { return [] }
        default:
            break
        }
        if isLive {
            return redraw(size: size)
        }
        return PlainLine.text(for: event, palette: palette, scale: scale).map { [.print($0)] } ?? []
    }

    mutating func update(_ snapshot: Snapshot, isLive: Bool, size: (columns: Int, rows: Int)) -> [Action] {
        self.snapshot = snapshot
        paused = snapshot.paused
        if readings != nil || !snapshot.measured.isEmpty {
            var taken = readings ?? Readings()
            taken.take(snapshot.measured)
            readings = taken
        }
        return isLive ? redraw(size: size) : []
    }

    /// The display as it is now.
    var view: LiveView? {
        phaseStart.map {
            LiveView(
                start: $0, cue: lastCue, snapshot: snapshot, paused: paused, planned: planned, readings: readings, profile: profile,
                palette: palette, memo: memo)
        }
    }

    /// Draws the display: as spans over the frame before when only what a second changes
    /// changed (a tick of the clock writes a digit's rows and the bars' ends, and builds no more),
    /// else the whole block.
    private mutating func redraw(size: (columns: Int, rows: Int)) -> [Action] {
        guard let view else { return [] }
        let tick = view.tick(columns: size.columns, rows: size.rows)
        defer { drawnTick = tick }
        if let drawnTick, let tick, let spans = view.spans(from: drawnTick, to: tick) {
            guard !spans.isEmpty else { return [] }
            lastBlock = nil
            return [.overwrite(spans)]
        }
        return show(view.lines(for: tick, columns: size.columns))
    }

    /// Sends a block to the screen only when it differs from what is shown.
    private mutating func show(_ block: [TerminalText]) -> [Action] {
        if let lastBlock, block.elementsEqual(lastBlock, by: { $0.isIdentical(to: $1) }) { return [] }
        lastBlock = block
        return [.show(block)]
    }
}
