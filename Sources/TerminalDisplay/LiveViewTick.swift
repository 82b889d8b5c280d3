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
            /// The target and the readings shown, and where; nil when there are none.
            let ride: RideLayout?
            /// The row of the phase bar.
            let barsRow: Int
            /// The column of now in the profile's row; nil without a profile.
            let profileMarker: Int?
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

    /// The ride panel and where it is: beside the clock or under it in big digits, or, where
    /// those do not fit, its readings on the line under the clock.
    struct RideLayout: Equatable {
        let panel: RidePanel
        let placement: Placement
    }

    /// Where the ride panel's big digits are.
    enum Placement: Equatable {
        /// The target's and the reading's digits start at these columns, beside the clock or under it.
        case beside(target: Int, reading: Int, slots: Slots)
        case under(target: Int, reading: Int, slots: Slots)
        /// No big digits: the readings on the line under the clock.
        case line
    }

    /// The columns the target's and the reading's digits (or their captions, if wider) take,
    /// and the columns between two numbers.
    struct Slots: Equatable {
        let target: Int
        let reading: Int
        let gap: Int
    }
}

extension LiveView.Slots {
    /// The columns of both, with the gap between them when there is a reading.
    var width: Int { target + (reading > 0 ? gap : 0) + reading }
}
