import PacerWorkout

/// What a reader made of a file: the workout, what it could not carry, and the FTP the file says
/// it was written for (an ERG's `FTP =`), if it says one.
struct ImportedDraft {
    var workout: Workout
    var notes: ImportNotes
    var ftp: Double?
}
