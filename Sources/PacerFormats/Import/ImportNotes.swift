import PacerFoundation
import PacerWorkout

/// What a reader found worth saying: what the format says that pacer cannot carry, and what was
/// done with it, each at its line and column.
struct ImportNotes {
    private(set) var warnings: [Diagnostic] = []

    mutating func warn(_ position: SourcePosition, _ message: String) {
        warnings.append(Diagnostic(.source(position), message, severity: .warning))
    }

    /// A warning at a byte offset, for a binary format (FIT).
    mutating func warn(atByte offset: Int, _ message: String) {
        warnings.append(SourcePlace.byte(offset).diagnostic(message, severity: .warning))
    }
}

/// A reader's refusal at a place in the file.
func importError(_ position: SourcePosition, _ message: String) -> WorkoutErrors {
    WorkoutErrors([Diagnostic(.source(position), message)])
}
