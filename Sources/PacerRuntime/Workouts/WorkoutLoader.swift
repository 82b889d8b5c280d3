import PacerCore
import PacerSystem

/// A workout read, validated and expanded, ready to run or show.
public struct LoadedWorkout: Sendable {
    public let source: WorkoutSource
    public let workout: Workout
    public let plan: Plan
    /// What is probably a mistake in the file, as lines for standard error that name it.
    public let warnings: [String]
}

/// Why a workout could not be loaded: lines for standard error, each naming the file.
public struct WorkoutLoadError: Error, Sendable {
    public let lines: [String]
}

/// Reads and checks workout files, turning every problem into a message that names the file.
public enum WorkoutLoader {
    /// Finds, reads, decodes and expands a workout.
    public static func load(_ reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) -> LoadedWorkout {
        try load(locate(reference, library: library))
    }

    /// Finds a workout and reads its bytes as they are, without checking them.
    public static func source(of reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) -> [UInt8] {
        try read(locate(reference, library: library))
    }

    /// Reads, decodes and expands a workout that has been found.
    public static func load(_ source: WorkoutSource) throws(WorkoutLoadError) -> LoadedWorkout {
        let bytes = try read(source)
        do {
            let decoded = try WorkoutDecoder.decodeWithWarnings(bytes)
            return LoadedWorkout(source: source, workout: decoded.workout, plan: Plan(decoded.workout),
                                 warnings: decoded.warnings.map { $0.formatted(file: source.path) })
        } catch {
            throw WorkoutLoadError(lines: error.diagnostics.map { $0.formatted(file: source.path) })
        }
    }

    private static func locate(_ reference: String, library: WorkoutLibrary) throws(WorkoutLoadError) -> WorkoutSource {
        do {
            return try library.locate(reference)
        } catch {
            throw WorkoutLoadError(lines: ["pacer: \(error)"])
        }
    }

    private static func read(_ source: WorkoutSource) throws(WorkoutLoadError) -> [UInt8] {
        do {
            return try source.read()
        } catch {
            throw WorkoutLoadError(lines: ["\(source.path): error: \(error.description.replacingOccurrencesOfPathPrefix(source.path))"])
        }
    }
}

extension String {
    /// Drops a leading "cannot read PATH: " that would repeat the path the message is already prefixed with.
    fileprivate func replacingOccurrencesOfPathPrefix(_ path: String) -> String {
        let prefix = "cannot read \(path): "
        return hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
