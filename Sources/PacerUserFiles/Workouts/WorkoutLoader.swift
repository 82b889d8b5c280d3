import PacerFormats
import PacerFoundation
import PacerSystem
import PacerWorkout

/// A workout read, validated and expanded, ready to run or show.
public struct LoadedWorkout: Sendable {
    public let source: WorkoutSource
    public let workout: Workout
    public let plan: Plan
    /// What is probably a mistake in the file, as lines for standard error that name it.
    public let warnings: [String]
    /// The workout's JSON: the file as it was read; for a line of notation or a file of another
    /// app, the JSON it stands for.
    public let bytes: [UInt8]
    /// The file of another app the workout was imported from; nil for a workout's own JSON or notation.
    public let imported: ImportedFile?

    /// A file of another app as it was read, before it became a workout's JSON.
    public struct ImportedFile: Sendable {
        /// The app's format the file is in.
        public let format: WorkoutFormat
        /// The file's own bytes as they were read.
        public let bytes: [UInt8]
        /// The FTP the file says it was written for (an ERG's `FTP =`), in watts.
        public let ftp: Double?
    }

    /// The workout with its plan shown with the athlete's `thresholds` (`Plan.with`). Without an FTP
    /// among them, the file's own FTP stands in, for shares of FTP, IF and TSS, and a note among the
    /// warnings says so; the athlete's FTP, when given, wins without a word, as in TrainerRoad and
    /// GoldenCheetah, where a workout always rides at the athlete's FTP.
    public func with(_ thresholds: TargetThresholds) -> LoadedWorkout {
        var thresholds = thresholds
        var warnings = warnings
        if let note = fileFTPNote(for: thresholds) {
            thresholds.ftp = imported?.ftp
            warnings.append(note)
        }
        return LoadedWorkout(
            source: source, workout: workout, plan: plan.with(thresholds), warnings: warnings, bytes: bytes, imported: imported)
    }

    /// The note `with(thresholds)` adds when the file's own FTP stands in for the athlete's; nil
    /// when the athlete gave one or the file gives none.
    public func fileFTPNote(for thresholds: TargetThresholds) -> String? {
        guard thresholds.ftp == nil, let fileFTP = imported?.ftp else { return nil }
        return "\(source.path): note: using the file's FTP of \(JSONText.number(fileFTP)) W (--ftp W or \"ftp\" in config.json gives yours)"
    }
}

/// Why a workout could not be loaded: a case to switch on, holding what its message names;
/// `lines` says it for standard error.
public enum WorkoutLoadError: Error, Sendable {
    /// No workout goes by the name given: where it was looked for, and the closest name.
    case notFound(WorkoutNotFound)
    /// `--name` names a workout written as a line of notation, and the workout is the file at `path`.
    case nameForFile(path: String)
    /// The workout at `path` cannot be read; a stopping signal that came while it was read is the failure's reason.
    case unreadable(path: String, FileError)
    /// The file at `path` is of no format import reads (a workout's own JSON needs none).
    case notImportable(path: String)
    /// The workout is not valid: its problems, each to name `file`, or shown under the line of
    /// `notation` the workout is written in.
    case invalid(file: String, problems: [Diagnostic], notation: String? = nil)

    /// Lines for standard error, each naming the file or starting `pacer:`.
    public var lines: [String] {
        switch self {
        case .notFound, .nameForFile: continuingLines.map { "pacer: " + $0 }
        default: continuingLines
        }
    }

    /// The lines as they go on after another's words (`entry 2: no workout named…`): without the
    /// `pacer:` before one that names no file. Never empty.
    public var continuingLines: [String] {
        switch self {
        case .notFound(let notFound): [notFound.description]
        case .nameForFile(let path): ["--name names a workout written as a line of notation, and \(path) is a file"]
        case .unreadable(let path, let error): ["\(path): error: \(error.why(kind: "a workout file"))"]
        case .notImportable(let path):
            [
                "\(path): error: this is neither \(WorkoutFormat.titles(of: WorkoutFormat.readable, last: "nor")); a workout's own JSON needs no import (--from \(WorkoutFormat.readable.map(\.name).joined(separator: "|")) says what a file is)"
            ]
        case .invalid(let file, let problems, let notation):
            problems.isEmpty
                ? ["\(file): error: the workout cannot be run"] : WorkoutLoader.lines(for: problems, file: file, notation: notation)
        }
    }

    /// The stopping signal that came while the workout was still being read from a stream, if one did.
    public var signal: Int32? {
        guard case .unreadable(_, let error) = self, case .interrupted(let number) = error.reason else { return nil }
        return number
    }
}

/// Reads and checks workout files, turning every problem into a message that names the file.
public enum WorkoutLoader {
    /// Finds, reads, decodes and expands a workout.
    public static func load(_ reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) -> LoadedWorkout {
        let source = try locate(reference, library: library)
        if library.notationName != nil, source.notation == nil {
            throw .nameForFile(path: source.path)
        }
        return try load(source)
    }

    /// Finds a workout and reads its bytes as they are, without checking them.
    public static func source(of reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) -> [UInt8] {
        try read(locate(reference, library: library))
    }

    /// Reads, decodes and expands a workout that has been found; a file of another app (one of
    /// `WorkoutFormat.readable`) is imported on the way, known by its content or its extension.
    /// With `texts` skipped, such a file's timed texts are not read: its workout has none of their
    /// cues (`pacer list`, which shows none, reads a file of thousands of them at the cost of its steps).
    public static func load(_ source: WorkoutSource, texts: ImportedTexts = .kept) throws(WorkoutLoadError) -> LoadedWorkout {
        let bytes = try read(source)
        if source.notation == nil, let format = WorkoutFormat.detect(bytes, path: source.path) {
            let imported = try self.imported(source, bytes, as: format, texts: texts)
            return LoadedWorkout(
                source: source, workout: imported.workout, plan: Plan(imported.workout),
                warnings: lines(for: imported.warnings, file: source.path, notation: source.notation),
                bytes: Array(imported.json.utf8), imported: LoadedWorkout.ImportedFile(format: format, bytes: bytes, ftp: imported.ftp))
        }
        let decoded = try decode(source, bytes)
        return LoadedWorkout(
            source: source, workout: decoded.workout, plan: Plan(decoded.workout),
            warnings: lines(for: decoded.warnings, file: source.path, notation: source.notation),
            bytes: bytes, imported: nil)
    }

    /// Finds a file of another app and reads it as `format`, or as the format its content or
    /// extension says when `format` is nil (a workout's own JSON is refused: it needs no import).
    public static func imported(_ reference: String, as format: WorkoutFormat?, library: WorkoutLibrary) throws(WorkoutLoadError) -> (
        source: WorkoutSource, imported: ImportedWorkout
    ) {
        let source = try locate(reference, library: library)
        let bytes = try read(source)
        guard let format = format ?? WorkoutFormat.detect(bytes, path: source.path) else {
            throw .notImportable(path: source.path)
        }
        return (source, try imported(source, bytes, as: format))
    }

    private static func imported(_ source: WorkoutSource, _ bytes: [UInt8], as format: WorkoutFormat, texts: ImportedTexts = .kept)
        throws(WorkoutLoadError) -> ImportedWorkout
    {
        do throws(WorkoutErrors) {
            return try WorkoutImport.read(
                bytes, format: format, name: source.isStandardInput ? "Imported workout" : source.name, includes: includes(of: source),
                texts: texts)
        } catch {
            throw .invalid(file: source.path, problems: error.diagnostics, notation: source.notation)
        }
    }

    /// How a YAML workout in a file reaches what it includes: files in its folder or below it, a
    /// link that leads out of that tree refused; none for standard input or a built-in workout.
    private static func includes(of source: WorkoutSource) -> YAMLIncludes? {
        switch source.content {
        case .named, .found: break
        default: return nil
        }
        let slash = source.path.lastIndex(of: "/")
        let folder = slash.map { $0 == source.path.startIndex ? "/" : String(source.path[..<$0]) } ?? "."
        let file = slash.map { String(source.path[source.path.index(after: $0)...]) } ?? source.path
        return YAMLIncludes(file: file) { relative in
            let path = folder + "/" + relative
            guard let root = FileSystem.resolvedPath(folder), let resolved = FileSystem.resolvedPath(path),
                resolved.hasPrefix(root == "/" ? "/" : root + "/")
            else {
                return .failure(.init("it leads out of the workout's folder (by a link): refused"))
            }
            do throws(FileError) {
                return .success(try FileSystem.read(path, limit: WorkoutDecoder.maximumFileSize))
            } catch {
                return .failure(.init(error.why(kind: "an included file")))
            }
        }
    }

    /// The workout a source holds, checked: a file by the decoder, a line of notation through the JSON it stands for.
    private static func decode(_ source: WorkoutSource, _ bytes: [UInt8]) throws(WorkoutLoadError) -> DecodedWorkout {
        do throws(WorkoutErrors) {
            if let notation = try? parsedNotation(source) { return try notation.decode() }
            return try WorkoutDecoder.decodeWithWarnings(bytes)
        } catch {
            throw .invalid(file: source.path, problems: error.diagnostics, notation: source.notation)
        }
    }

    /// The line of notation a source is written in, read (nil for a file).
    private static func parsedNotation(_ source: WorkoutSource) throws(WorkoutLoadError) -> NotationWorkout? {
        guard case .notation(let line, let name) = source.content else { return nil }
        do {
            return try NotationWorkout(line, name: name)
        } catch {
            throw .invalid(file: source.path, problems: error.diagnostics, notation: source.notation)
        }
    }

    /// Diagnostics as lines naming `file`, or for a line of `notation` pointing under it with a caret.
    static func lines(for diagnostics: [Diagnostic], file: String, notation: String?) -> [String] {
        guard let notation else { return diagnostics.map { $0.formatted(file: file) } }
        return NotationWorkout.lines(for: diagnostics, in: notation)
    }

    private static func locate(_ reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) -> WorkoutSource {
        do {
            return try library.locate(reference)
        } catch {
            throw .notFound(error)
        }
    }

    private static func read(_ source: WorkoutSource) throws(WorkoutLoadError) -> [UInt8] {
        if let notation = try parsedNotation(source) { return Array((notation.json + "\n").utf8) }
        do {
            return try source.read()
        } catch {
            throw .unreadable(path: source.path, error)
        }
    }
}
