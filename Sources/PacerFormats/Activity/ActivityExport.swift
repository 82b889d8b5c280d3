/// Writes finished sessions as activities for the logbooks (Strava, intervals.icu, Garmin Connect,
/// TrainingPeaks, GoldenCheetah).
public enum ActivityExport {
    /// The bytes of `activity` in `format`: every session can be written, measured or not.
    public static func write(_ activity: Activity, as format: ActivityFormat) -> [UInt8] {
        switch format {
        case .fit: ActivityFITWriter(activity: activity).bytes()
        case .tcx: Array(TCXWriter(activity: activity).text().utf8)
        }
    }
}
