extension LiveView {
    /// What a frame of the full display shows in the places a second changes, and where those
    /// are. A frame whose layout is that of the frame before is written as spans over it.
    public struct Tick: Equatable {
        /// Where the clock and the bars are, and what else a frame shows: while it stays the
        /// same, a frame differs from the one before only in the clock's characters, the bars'
        /// ends and the times beside them.
        struct Layout: Equatable {
            /// The phase, the pause, the cue and the width, which the other lines are made for.
            let key: LiveViewMemo.Key
            let rows: Int
            let digits: BigDigits
            /// Columns before the clock.
            let indent: Int
            let clockStyle: String
            /// The clock's characters (all one byte).
            let clockLength: Int
            let barWidth: Int
            let phaseTrailingLength: Int
            let sessionTrailingLength: Int
            /// Whether both bars' lines fit the width as they are (else they are cut short).
            let barsFit: Bool
        }

        let layout: Layout
        let clock: String
        /// Cells of each bar filled.
        let phaseFilled: Int
        let sessionFilled: Int
        /// The texts beside the bars.
        let phaseTrailing: String
        let sessionTrailing: String
    }
}
