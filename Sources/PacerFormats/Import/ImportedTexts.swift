/// Whether a reader reads the texts a file times along its course (a `.zwo`'s `<textevent>`s, an
/// ERG or MRC file's `[COURSE TEXT]`), which become cues.
public enum ImportedTexts: Sendable {
    /// Read and placed as cues, with a warning for each that cannot be.
    case kept
    /// Not read at all: for a listing, which shows a workout's length and no cue. The workout is
    /// the same but for its cues; a text never makes a file fail.
    case skipped
}
