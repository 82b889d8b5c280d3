import PacerFormats
import PacerFoundation
import PacerSystem
import PacerWorkout

/// A workout file found somewhere: on disk or built into pacer.
public struct WorkoutSource: Sendable {
    /// The name a user types: the file name without `.json`.
    public let name: String
    /// The path shown to the user and written to the log (`<built-in>/NAME.json` for shipped ones).
    public let path: String
    /// Where it was found, as the user knows that place: `./workouts`, `$PACER_PATH`, `built in`.
    public let origin: String
    let content: Content

    /// How the workout's bytes are had.
    enum Content: Sendable {
        /// A regular file found on the search path (a FIFO there is refused, not waited on).
        case found
        /// A path the user named: a regular file, or a FIFO or pipe read with a timeout.
        case named
        /// `-`: standard input, read once.
        case standardInput
        case builtIn([UInt8])
        /// A line of notation, and the name `--name` gives it.
        case notation(String, name: String?)
    }

    /// How long a named FIFO or pipe (`pacer run <(curl …)`) may take to deliver a whole workout.
    public static let streamTimeout = 10.0

    /// Whether the workout is a file on disk (not one built into pacer or read from a stream).
    public var isFile: Bool {
        switch content {
        case .found, .named: true
        case .standardInput, .builtIn, .notation: false
        }
    }

    /// Whether the workout comes from standard input, which therefore cannot carry commands.
    public var isStandardInput: Bool {
        if case .standardInput = content { return true }
        return false
    }

    /// The line of notation the workout is written in, if it is.
    public var notation: String? {
        if case .notation(let line, _) = content { return line }
        return nil
    }

    /// The file's bytes; for a line of notation, the JSON it stands for (nil when it cannot be read).
    public func read() throws(FileError) -> [UInt8] {
        let limit = WorkoutDecoder.maximumFileSize
        switch content {
        case .found: return try FileSystem.read(path, limit: limit)
        case .named: return try FileSystem.readNamed(path, limit: limit, timeout: Self.streamTimeout)
        case .standardInput: return try FileSystem.readStandardInput(named: path, limit: limit)
        case .builtIn(let bytes): return bytes
        case .notation(let line, let name):
            guard let notation = try? NotationWorkout(line, name: name) else {
                throw FileError("read", "the notation", .unusable("it has errors"))
            }
            return Array((notation.json + "\n").utf8)
        }
    }
}

/// Why a workout reference found no workout: a case a caller can switch on, and its message.
public enum WorkoutNotFound: Error, Sendable, Equatable, CustomStringConvertible {
    /// No workout has the `name`: the folders `searched`, in order, and the closest name there is.
    case noWorkout(named: String, searched: [String], suggestion: String?)

    public var description: String {
        switch self {
        case .noWorkout(let name, let searched, let suggestion):
            "no workout named \"\(name)\" in \(searched.joined(separator: ", "))"
                + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "") + " (pacer list shows them all)"
        }
    }
}

/// The workout search path: `$PACER_PATH`, `./workouts`, the user's config folder, then the built-in workouts.
public struct WorkoutLibrary: Sendable {
    /// A folder searched for `NAME.json`, and how to name it to the user.
    public struct Folder: Sendable {
        public let path: String
        public let label: String
    }

    public let folders: [Folder]
    /// The name a workout written in notation gets (`--name`); by default the line itself.
    public var notationName: String?

    public init(environment: Environment, notationName: String? = nil) {
        self.notationName = notationName
        var folders: [Folder] = []
        for entry in (environment["PACER_PATH"] ?? "").split(separator: ":") {
            folders.append(Folder(path: String(entry), label: "$PACER_PATH"))
        }
        folders.append(Folder(path: environment.localWorkouts, label: "./workouts"))
        let config = environment.configFolder + "/workouts"
        folders.append(Folder(path: config, label: environment.abbreviatingHome(config)))
        self.folders = folders
    }

    /// Finds a workout: `-` is standard input; a reference ending in `.json` (or an extension of `WorkoutFormat.readable`, `.txt` among them), or with a `/` that
    /// names an existing file, is a path taken as it is (reading it says precisely what is wrong
    /// with it, if anything); then a name on the search path; then a line of notation, which
    /// starts with a digit (`8x(20s, 10s rest)`); then a path again.
    public func locate(_ reference: String) throws(WorkoutNotFound) -> WorkoutSource {
        let path = WorkoutSource(name: Self.name(ofFile: reference), path: reference, origin: "path", content: .named)
        if reference == "-" {
            return WorkoutSource(name: "-", path: "<stdin>", origin: "standard input", content: .standardInput)
        }
        if reference.hasSuffix(".json") || WorkoutFormat.importExtension(of: reference) != nil
            || reference.contains("/") && FileSystem.exists(reference)
        {
            return path
        }
        if !reference.contains("/"), let found = all().first(where: { $0.name == reference }) { return found }
        if NotationWorkout.looksLikeNotation(reference) {
            return WorkoutSource(
                name: reference, path: NotationWorkout.label, origin: "notation", content: .notation(reference, name: notationName))
        }
        if reference.contains("/") { return path }
        throw .noWorkout(
            named: reference, searched: folders.map(\.label) + ["the built-in workouts"],
            suggestion: Suggestion.closest(to: reference, among: all().map(\.name)))
    }

    /// Every workout on the search path, in search order; a name found twice is listed at each place.
    public func all() -> [WorkoutSource] {
        var sources: [WorkoutSource] = []
        for folder in folders {
            // A hidden file is no workout: `pacer edit` keeps its copy in one. Another app's file
            // counts when its extension says its format (`.zwo`, `.fit`, ...; not `.txt`).
            // Of two files of one name (hills.json beside hills.erg) the workout file comes first, so
            // the name means it for every command (run, edit, new, list).
            let files = FileSystem.contents(of: folder.path).sorted {
                (Self.name(ofFile: $0), !$0.hasSuffix(".json") ? 1 : 0) < (Self.name(ofFile: $1), !$1.hasSuffix(".json") ? 1 : 0)
            }
            for file in files
            where (file.hasSuffix(".json") || WorkoutFormat.extensionFormat(of: file) != nil)
                && file != "schema.json" && !file.hasPrefix(".")
            {
                let path = "\(folder.path)/\(file)"
                sources.append(WorkoutSource(name: Self.name(ofFile: file), path: path, origin: folder.label, content: .found))
            }
        }
        for shipped in ShippedWorkouts.all {
            sources.append(
                WorkoutSource(name: shipped.name, path: "<built-in>/\(shipped.file)", origin: "built in", content: .builtIn(shipped.bytes)))
        }
        return sources
    }

    /// A file's name without its folder and its `.json` (or imported format's) extension.
    private static func name(ofFile path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        if file.hasSuffix(".json") { return String(file.dropLast(5)) }
        return WorkoutFormat.importExtension(of: file).map { String(file.dropLast($0.count + 1)) } ?? file
    }
}
