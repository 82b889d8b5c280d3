import PacerSystem

/// The JSON Schema of workout files (format 1), as `workouts/schema.json` ships it.
public enum WorkoutSchema {
    /// The schema's text, embedded at build time.
    public static var bytes: [UInt8] { ShippedWorkouts.schema }
}
