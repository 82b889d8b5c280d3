import Glibc
import PacerConfig
import PacerSettingsFile
import PacerSystem
import SinkKit

/// Why a file of settings (the config, the plan) could not be used: lines for standard error, each
/// naming the file.
public struct ConfigLoadError: Error, Sendable {
    public let lines: [String]

    public init(lines: [String]) {
        self.lines = lines
    }
}

extension UserConfig {
    /// Where the config file lives: `$XDG_CONFIG_HOME/pacer/config.json`.
    public static func path(in environment: Environment) -> String {
        environment.configFolder + "/config.json"
    }

    /// The line that ends what is wrong with the config: the file to fix and where its keys are told.
    public static func fixAdvice(in environment: Environment) -> String {
        "pacer: fix \(environment.abbreviatingHome(path(in: environment))) (see docs/config.md) and run again"
    }

    /// The user's config, or the empty one when there is no file. A relative path in it (`"log"`,
    /// `exec:` sinks) is taken from the config file's folder, never from where pacer was started.
    /// `settings` are the sinks' settings the file may set.
    public static func load(from environment: Environment, settings: [SinkSetting]) throws(ConfigLoadError) -> UserConfig {
        let config = try SettingsFile.read(path(in: environment), environment: environment, kind: "the config file", limit: 1 << 20) {
            bytes throws(ConfigErrors) in try decode(bytes, settings: settings)
        }
        return config?.resolvingPaths(against: environment.configFolder) ?? UserConfig()
    }
}
