import PacerSettingsFile
import PacerSystem
import PacerWorkout

/// A file of settings in the config folder (config.json, plan.json), read the one way: no file is
/// no settings, but one that exists and cannot be read (a link that leads nowhere, a FIFO, a file
/// too big) or is invalid is an error, each line naming the file as the user knows it.
enum SettingsFile {
    /// The settings in `path` decoded, or nil when there is no file; `kind` says what it is in messages.
    static func read<Settings>(
        _ path: String, environment: Environment, kind: String, limit: Int,
        decode: ([UInt8]) throws(ConfigErrors) -> Settings
    ) throws(ConfigLoadError) -> Settings? {
        guard let bytes = try bytes(path, environment: environment, kind: kind, limit: limit) else { return nil }
        do {
            return try decode(bytes)
        } catch {
            throw .invalid(file: environment.abbreviatingHome(path), problems: error.diagnostics)
        }
    }

    /// The file's bytes as they are, or nil when there is no file.
    static func bytes(_ path: String, environment: Environment, kind: String, limit: Int) throws(ConfigLoadError) -> [UInt8]? {
        guard FileSystem.entryExists(path) else { return nil }
        do {
            return try FileSystem.read(path, limit: limit)
        } catch {
            throw .unreadable(error, kind: kind, shown: environment.abbreviatingHome(path))
        }
    }
}
