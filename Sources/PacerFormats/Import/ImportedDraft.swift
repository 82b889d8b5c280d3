import PacerWorkout

/// What a reader made of a file: the workout, what it could not carry, and the FTP the file says
/// it was written for (an ERG's `FTP =`), if it says one; and where each step was read from, which
/// the decoder's findings on the workout are moved to.
struct ImportedDraft {
    var workout: Workout
    var notes: ImportNotes
    var ftp: Double?
    var sources = SourceMap()
}
