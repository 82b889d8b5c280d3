import PacerFoundation
import PacerWorkout
import TerminalRendering

/// The whole workout in one row under the live display: its power profile in eighths of a row,
/// coloured by zone as `pacer show` draws it, and a row under it with a mark at now.
public final class ProfileRow {
    private let profile: PowerProfile
    private let startOffsets: [WorkoutDuration]
    /// The row last drawn, kept while the width and the colours stay.
    private var kept: (width: Int, colored: Bool, row: TerminalText)?

    /// The row of `plan`; nil when no step has a power target (a profile of nothing but marks says nothing).
    public init?(plan: Plan) {
        let profile = PowerProfile(plan: plan)
        guard profile.hasTarget, profile.length > .zero else { return nil }
        self.profile = profile
        startOffsets = plan.startOffsets
    }

    /// The profile `width` columns wide, each a slice of the planned time.
    func row(width: Int, palette: Palette) -> TerminalText {
        if let kept, kept.width == width, kept.colored == palette.enabled { return kept.row }
        let slices = profile.slices(count: width)
        let top = ProfileColumns.top(of: slices, scale: profile.scale)
        let columns = slices.map {
            ProfileColumns.column(for: $0, scale: profile.scale, top: top, height: 1, colored: palette.enabled, markStyle: palette.dim)
        }
        let row = BarColumns.rows(columns, height: 1).first ?? .empty
        kept = (width, palette.enabled, row)
        return row
    }

    /// The column of now in a row `width` wide: `elapsed` into phase `index` (a phase past its
    /// planned time stays at its end; a step without a length at its start).
    func column(phase index: Int, elapsed: WorkoutDuration, duration: WorkoutDuration?, width: Int) -> Int {
        guard startOffsets.indices.contains(index), width > 0 else { return 0 }
        let position = startOffsets[index] + min(max(.zero, elapsed), duration ?? .zero)
        return min(width - 1, max(0, Int(position.seconds / profile.length.seconds * Double(width))))
    }

    /// The row under the profile: a mark at `column`.
    func marker(column: Int, palette: Palette) -> TerminalText {
        .spaces(column) + palette.paint("▲", palette.bold)
    }
}
