import PacerCore

/// What a reader made of a file: the workout, and what it could not carry.
struct ImportedDraft {
    var workout: Workout
    var notes: ImportNotes
}
