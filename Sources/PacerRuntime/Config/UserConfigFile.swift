import Glibc
import PacerCore
import PacerSystem

/// Why the config file could not be used: lines for standard error, each naming the file.
public struct ConfigLoadError: Error, Sendable {
    public let lines: [String]
}

extension UserConfig {
    /// Where the config file lives: `$XDG_CONFIG_HOME/pacer/config.json`.
    public static func path(in environment: Environment) -> String {
        environment.configFolder + "/config.json"
    }

    /// The user's config, or the empty one when there is no file. A relative path in it (`"log"`,
    /// `exec:` sinks) is taken from the config file's folder, never from where pacer was started.
    /// `settings` are the sinks' settings the file may set.
    public static func load(from environment: Environment, settings: [SinkSetting]) throws(ConfigLoadError) -> UserConfig {
        let path = path(in: environment)
        let shown = environment.abbreviatingHome(path)
        // A link that leads nowhere (or in a loop) is a config that cannot be read, not no config.
        guard FileSystem.entryExists(path) else { return UserConfig() }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 1 << 20)
        } catch {
            throw ConfigLoadError(lines: ["pacer: " + error.message(kind: "the config file", shown: shown)])
        }
        do {
            return try decode(bytes, settings: settings).resolvingPaths(against: environment.configFolder)
        } catch {
            throw ConfigLoadError(lines: error.diagnostics.map { $0.formatted(file: shown) })
        }
    }
}
