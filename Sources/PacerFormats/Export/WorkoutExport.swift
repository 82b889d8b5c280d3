import PacerCore

/// Writes the one workout model out in the formats of other apps.
public enum WorkoutExport {
    /// `workout` in `format`, or why it cannot be; `thresholds` turn shares of a threshold into
    /// absolute values and back; `identity` makes a FIT file one of its own on a device.
    public static func write(_ workout: Workout, as format: ExportFormat, thresholds: TargetThresholds = .none,
                             identity: FITFileIdentity = FITFileIdentity(created: 0, nonce: 0)) throws(ExportRefusal) -> ExportedWorkout {
        let steps = try ExportStep.steps(of: workout, for: format)
        let written = try write(workout, steps: steps, as: format, thresholds: thresholds, identity: identity)
        return ExportedWorkout(format: format, bytes: written.bytes, warnings: written.warnings + ExportStep.lostDistances(steps, in: format))
    }

    private static func write(_ workout: Workout, steps: [ExportStep], as format: ExportFormat, thresholds: TargetThresholds,
                              identity: FITFileIdentity) throws(ExportRefusal) -> ExportedWorkout {
        switch format {
        case .zwo:
            var writer = ZwiftWriter(thresholds: thresholds)
            let text = try writer.text(of: workout, steps: steps)
            return ExportedWorkout(format: format, bytes: Array(text.utf8), warnings: writer.notes.warnings)
        case .erg, .mrc:
            var writer = CourseFileWriter(percent: format == .mrc, thresholds: thresholds)
            let text = try writer.text(of: workout, steps: steps)
            return ExportedWorkout(format: format, bytes: Array(text.utf8), warnings: writer.notes.warnings)
        case .fit:
            var writer = FITWriter(thresholds: thresholds, identity: identity)
            let bytes = try writer.bytes(of: workout, steps: steps)
            return ExportedWorkout(format: format, bytes: bytes, warnings: writer.notes.warnings)
        case .icu:
            var writer = IntervalsTextWriter()
            let text = try writer.text(of: steps, sections: NamedRepeat.starts(in: workout))
            return ExportedWorkout(format: format, bytes: Array(text.utf8), warnings: writer.notes.warnings)
        }
    }
}
