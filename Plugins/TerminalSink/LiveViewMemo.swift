import PacerCore

/// The lines of the live display that stay the same while a phase runs (its headline, cue and
/// what is next), kept from one frame to the next so that a second's tick makes only the clock
/// and the bars. Made again when the phase, the pause, the cue or the width changes.
final class LiveViewMemo {
    /// What the kept lines were made for.
    struct Key: Equatable {
        let phase: Int
        let paused: Bool
        let cue: String?
        let width: Int
    }

    /// The headline, the cue's line and the line of what is next.
    struct FixedLines {
        let headline: TerminalText
        let cue: TerminalText
        let next: TerminalText
    }

    private var kept: (key: Key, lines: FixedLines)?

    /// The lines for `key`: those kept when they were made for it, else `make()`'s, kept from now on.
    func lines(for key: Key, make: () -> FixedLines) -> FixedLines {
        if let kept, kept.key == key { return kept.lines }
        let lines = make()
        kept = (key, lines)
        return lines
    }
}
