import PacerFoundation
import TerminalRendering

/// What the live display keeps from one frame to the next: the lines that stay the same while a
/// phase runs (its headline, cue and what is next; made again when the phase, the pause, the cue
/// or the width changes, and each second of a ramp) and the pieces of the big clock, so that a tick makes little more than
/// the bars.
public final class LiveViewMemo {
    /// What the kept lines were made for.
    struct Key: Equatable {
        let phase: Int
        let paused: Bool
        let cue: String?
        let width: Int
        /// The whole second of a phase whose target ramps: its headline changes each second.
        let rampSecond: Int64?
    }

    /// The headline, the cue's line and the line of what is next.
    struct FixedLines {
        let headline: TerminalText
        let cue: TerminalText
        let next: TerminalText
    }

    private var kept: (key: Key, lines: FixedLines)?
    /// A bar's cell filled and empty, by the bar's style.
    private var barCells: [String: (filled: TerminalPiece, empty: TerminalPiece)] = [:]
    /// The big clock's rows, made from pieces kept as it counts.
    let clock = ClockRows()

    /// A memo that keeps nothing yet.
    public init() {}

    /// The lines for `key`: those kept when they were made for it, else `make()`'s, kept from now on.
    func lines(for key: Key, make: () -> FixedLines) -> FixedLines {
        if let kept, kept.key == key { return kept.lines }
        let lines = make()
        kept = (key, lines)
        return lines
    }

    /// A cell of a bar in `style` filled and one empty, made by `make()` the first time.
    func barCells(style: String, make: () -> (filled: TerminalPiece, empty: TerminalPiece)) -> (filled: TerminalPiece, empty: TerminalPiece)
    {
        if let cells = barCells[style] { return cells }
        let cells = make()
        barCells[style] = cells
        return cells
    }
}
