import PacerWorkout

/// Writes the one workout model out in the formats of other apps.
public enum WorkoutExport {
    /// `workout` in `format`, or why it cannot be; `thresholds` turn shares of a threshold into
    /// absolute values and back; `identity` makes a FIT file one of its own on a device.
    public static func write(
        _ workout: Workout, as format: WorkoutFormat, thresholds: TargetThresholds = .none,
        identity: FITFileIdentity = FITFileIdentity(created: 0, nonce: 0)
    ) throws(ExportRefusal) -> ExportedWorkout {
        guard let writer = format.writer else { throw ExportRefusal("pacer reads \(format.title) but does not write it") }
        let steps = try ExportStep.steps(of: workout, for: format)
        let written = try writer(workout, steps, WorkoutFormat.WriteContext(thresholds: thresholds, identity: identity))
        return ExportedWorkout(
            format: format, bytes: written.bytes, warnings: written.warnings + ExportStep.lostDistances(steps, in: format))
    }
}
