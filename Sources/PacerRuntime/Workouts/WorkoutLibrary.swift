import PacerCore
import PacerSystem

/// A workout file found somewhere: on disk or built into pacer.
public struct WorkoutSource: Sendable {
    /// The name a user types: the file name without `.json`.
    public let name: String
    /// The path shown to the user and written to the log (`<built-in>/NAME.json` for shipped ones).
    public let path: String
    /// Where it was found, as the user knows that place: `./workouts`, `$PACER_PATH`, `built in`.
    public let origin: String
    let builtIn: [UInt8]?

    /// Whether the workout is a file on disk (not one built into pacer).
    public var isFile: Bool { builtIn == nil }

    /// The file's bytes.
    public func read() throws(FileError) -> [UInt8] {
        if let builtIn { return builtIn }
        return try FileSystem.read(path, limit: WorkoutDecoder.maximumFileSize, kind: "a workout file")
    }
}

/// A workout reference that matches nothing, with what was searched and a suggestion.
public struct WorkoutNotFound: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The workout search path: `$PACER_PATH`, `./workouts`, the user's config folder, then the built-in workouts.
public struct WorkoutLibrary: Sendable {
    /// A folder searched for `NAME.json`, and how to name it to the user.
    public struct Folder: Sendable {
        public let path: String
        public let label: String
    }

    public let folders: [Folder]

    public init(environment: Environment) {
        var folders: [Folder] = []
        for entry in (environment["PACER_PATH"] ?? "").split(separator: ":") {
            folders.append(Folder(path: String(entry), label: "$PACER_PATH"))
        }
        folders.append(Folder(path: "workouts", label: "./workouts"))
        let config = environment.configFolder + "/workouts"
        folders.append(Folder(path: config, label: environment.abbreviatingHome(config)))
        self.folders = folders
    }

    /// Finds a workout by path (when the reference has a `/` or ends in `.json`) or by name. A
    /// path is taken as it is: reading it says precisely what is wrong with it, if anything.
    public func locate(_ reference: String) throws(WorkoutNotFound) -> WorkoutSource {
        if reference.contains("/") || reference.hasSuffix(".json") {
            return WorkoutSource(name: Self.name(ofFile: reference), path: reference, origin: "path", builtIn: nil)
        }
        if let found = all().first(where: { $0.name == reference }) { return found }
        let searched = folders.map(\.label) + ["the built-in workouts"]
        var message = "no workout named \"\(reference)\" in \(searched.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: reference, among: all().map(\.name)) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        throw WorkoutNotFound(description: message + " (pacer list shows them all)")
    }

    /// Every workout on the search path, in search order; a name found twice is listed at each place.
    public func all() -> [WorkoutSource] {
        var sources: [WorkoutSource] = []
        for folder in folders {
            for file in FileSystem.contents(of: folder.path) where file.hasSuffix(".json") && file != "schema.json" {
                let path = folder.path == "workouts" ? "workouts/\(file)" : "\(folder.path)/\(file)"
                sources.append(WorkoutSource(name: Self.name(ofFile: file), path: path, origin: folder.label, builtIn: nil))
            }
        }
        for shipped in ShippedWorkouts.all {
            sources.append(WorkoutSource(name: shipped.name, path: "<built-in>/\(shipped.file)", origin: "built in", builtIn: shipped.bytes))
        }
        return sources
    }

    private static func name(ofFile path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }
}
