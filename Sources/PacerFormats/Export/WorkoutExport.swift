import PacerCore

/// Writes the one workout model out in the formats of other apps.
public enum WorkoutExport {
    /// `workout` in `format`, or why it cannot be; `thresholds` turn shares of FTP into watts and back.
    public static func write(_ workout: Workout, as format: ExportFormat, thresholds: TargetThresholds = .none) throws(ExportRefusal) -> ExportedWorkout {
        let steps = try ExportStep.steps(of: workout, for: format)
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
            var writer = FITWriter(thresholds: thresholds)
            let bytes = try writer.bytes(of: workout, steps: steps)
            return ExportedWorkout(format: format, bytes: bytes, warnings: writer.notes.warnings)
        case .icu:
            var writer = IntervalsTextWriter()
            let text = try writer.text(of: steps)
            return ExportedWorkout(format: format, bytes: Array(text.utf8), warnings: writer.notes.warnings)
        }
    }
}
