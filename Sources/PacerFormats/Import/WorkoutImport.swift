import PacerFoundation
import PacerWorkout

/// A file of another app read into a workout: the workout file it makes, checked by the decoder
/// as any workout file is, and what the format said that pacer could not carry; each finding is
/// at the place in the file of the step it is about.
public struct ImportedWorkout: Sendable {
    public let format: WorkoutFormat
    /// The workout file's value, as the decoder checked it.
    public let value: JSONValue
    public let workout: Workout
    /// What was dropped or changed, at its line in the source file; then the decoder's own
    /// warnings, at the step's line (or byte) in the source file.
    public let warnings: [Diagnostic]
    /// The FTP the file says it was written for (an ERG's `FTP =`): for shares of FTP, IF and TSS
    /// when the athlete gave none.
    public let ftp: Double?

    /// The workout file, laid out as `pacer fmt` lays it out: made each time it is asked for.
    public var json: String { WorkoutLayout.text(of: value) }
}

/// Reads the formats of other apps into the one workout model.
public enum WorkoutImport {
    /// Reads `bytes` as `format`; `name` names the workout when the file gives no name. Files are
    /// held to a workout file's size limit (16 MiB), however they were read. `includes` reaches the
    /// files a YAML workout includes; without it, an `!include` is refused. `texts` says whether a
    /// `.zwo`'s text events and an ERG or MRC file's course text are read.
    public static func read(
        _ bytes: [UInt8], format: WorkoutFormat, name: String, includes: YAMLIncludes? = nil,
        texts: ImportedTexts = .kept
    ) throws(WorkoutErrors) -> ImportedWorkout {
        guard bytes.count <= WorkoutDecoder.maximumFileSize else {
            throw WorkoutErrors([
                Diagnostic(
                    .file,
                    "the file is \(bytes.count) bytes; \(format.title) is read up to \(WorkoutDecoder.maximumFileSize >> 20) MiB, as a workout file is"
                )
            ])
        }
        guard bytes.contains(where: { !Self.isBlank($0) }) else {
            throw WorkoutErrors([Diagnostic(.source(SourcePosition(line: 1, column: 1)), "the file is empty, not \(format.title)")])
        }
        guard let reader = format.reader else {
            throw WorkoutErrors([Diagnostic(.file, "pacer writes \(format.title) but does not read it")])
        }
        if !format.isBinary, let zero = bytes.firstIndex(of: 0) {
            throw WorkoutErrors([
                Diagnostic(
                    .source(SourcePosition(of: zero, in: bytes)),
                    "the file holds a NUL byte: it is binary (or UTF-16), not the UTF-8 text of \(format.title)")
            ])
        }
        let draft = try reader(bytes, WorkoutFormat.ReadContext(name: name, includes: includes, texts: texts))
        let value: JSONValue
        do {
            value = try WorkoutEncoder.encode(draft.workout)
        } catch {
            throw WorkoutErrors([Diagnostic(.file, "the workout read from \(format.title) cannot be written: \(error.description)")])
        }
        let decoded: DecodedWorkout
        do {
            decoded = try WorkoutDecoder.decodeWithWarnings(value)
        } catch {
            throw WorkoutErrors(
                error.diagnostics.map {
                    draft.sources.located(
                        Diagnostic($0.location, "the workout read from \(format.title) breaks a rule: \($0.message)", severity: $0.severity)
                    )
                })
        }
        return ImportedWorkout(
            format: format, value: value, workout: decoded.workout,
            warnings: draft.notes.warnings + decoded.warnings.map { draft.sources.located($0) }, ftp: draft.ftp)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
