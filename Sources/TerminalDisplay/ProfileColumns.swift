import PacerWorkout
import TerminalRendering

/// A power profile's slices as bar-chart columns, the way `pacer show`'s chart and the live
/// display's profile row both draw them: a bar as high as the slice's average target, coloured by
/// its zone, where most of the slice has a target; else a free ride's or no target's mark.
public enum ProfileColumns {
    /// A free ride's mark.
    public static let freeRide: Character = "░"
    /// The mark of a stretch without a power target.
    public static let noTarget: Character = "·"

    /// The top of the scale for `slices` on `scale`: at least FTP (100 %) or 50 W, and up to the
    /// highest average rounded up, in steps of 10 % or 50 W.
    public static func top(of slices: [ProfileSlice], scale: PowerProfile.Scale) -> Double {
        top(peak: slices.compactMap(\.average).max() ?? 0, scale: scale)
    }

    /// The top of the scale for a highest value of `peak`: a hair of rounding over a step
    /// (1200.0000001 %) stays on that step.
    public static func top(peak: Double, scale: PowerProfile.Scale) -> Double {
        let step = scale == .percentOfFTP ? 10.0 : 50.0
        return max(scale == .percentOfFTP ? 100 : step, (peak / step - 1e-9).rounded(.up) * step)
    }

    /// The column for `slice` in a chart `height` rows high whose top is `top`, coloured by zone
    /// when `colored` (a watts scale has no zones), marks in `markStyle`.
    public static func column(
        for slice: ProfileSlice, scale: PowerProfile.Scale, top: Double, height: Int, colored: Bool,
        markStyle: String
    ) -> BarColumns.Column {
        if let average = slice.average, slice.targetSeconds >= slice.freeRideSeconds, slice.targetSeconds >= slice.noTargetSeconds {
            let zone = scale == .percentOfFTP ? TargetZones.power.zone(ofPercent: average) : 0
            return .bar(rows: average / top * Double(height), style: colored ? ZoneColor.parameters(zone: zone) : "")
        }
        let glyph = slice.freeRideSeconds >= slice.noTargetSeconds ? freeRide : noTarget
        return .mark(glyph, style: markStyle)
    }
}
