import PacerFoundation
import PacerSettingsFile
import PacerWorkout
import SinkKit
import TerminalRendering

/// The user's defaults for `pacer run`, from `$XDG_CONFIG_HOME/pacer/config.json`. Every key is
/// optional; the command line wins over the file. Besides the session's own keys, the file may set
/// every setting a built-in sink declares (`"bell"`, `"history"`, `"log"`).
public struct UserConfig: Sendable, Equatable {
    /// The sinks to use when the command line names none, as `--sink` takes them.
    public var sinks: [SinkSpec]?
    public var color: ColorChoice?
    /// Whether the readline prompt is offered at a terminal.
    public var prompt: Bool?
    /// The values the file gives the sinks' settings.
    public var sinkSettings = SinkSettingValues()
    /// The athlete's thresholds (`ftp`, `lthr`, `max_hr`, `threshold_pace`), to show targets in both forms.
    public var thresholds = TargetThresholds.none

    public init() {}

    /// The keys of the session's own, before the sinks'.
    public static let sessionKeys = ["$schema", "sinks", "color", "prompt", "ftp", "lthr", "max_hr", "threshold_pace"]

    /// Reads a config file, checking it as strictly as a workout file: every problem, each with
    /// its line and column. `settings` are the sinks' settings the file may set.
    public static func decode(_ bytes: [UInt8], settings: [SinkSetting]) throws(ConfigErrors) -> UserConfig {
        var check = SettingsFileCheck(bytes)
        func report(_ value: JSONValue, _ message: String) {
            check.report(value, message)
        }
        guard let members = check.members(of: try check.root(), "the config", example: "{\"sinks\": [\"terminal\"]}") else {
            throw ConfigErrors(check.problems)
        }
        var config = UserConfig()
        let keys = sessionKeys + settings.map(\.key)
        // The parser has already refused a key given twice.
        for member in members {
            let value = member.value
            switch member.key {
            case "$schema":
                break
            case "sinks":
                guard case .array(let elements) = value.content else {
                    report(value, "\"sinks\" must be an array of sink specs such as \"terminal\" or \"log\", not \(value.typeName)")
                    continue
                }
                var specs: [SinkSpec] = []
                for element in elements {
                    guard case .string(let text) = element.content else {
                        report(element, "each sink is a string such as \"terminal\" or \"speech:voice=en\", not \(element.typeName)")
                        continue
                    }
                    do throws(SinkSetupError) {
                        specs.append(try SinkSpec(parsing: text))
                    } catch {
                        report(element, error.description)
                    }
                }
                config.sinks = specs
            case "prompt":
                guard case .bool(let flag) = value.content else {
                    report(value, "\"prompt\" must be true or false, not \(value.typeName)")
                    continue
                }
                config.prompt = flag
            case "color":
                guard case .string(let text) = value.content, let choice = ColorChoice(rawValue: text) else {
                    report(value, "\"color\" must be \"auto\", \"always\" or \"never\"")
                    continue
                }
                config.color = choice
            case "ftp", "lthr", "max_hr", "threshold_pace":
                do throws(TargetError) {
                    try config.thresholds.read(member.key, from: value)
                } catch {
                    report(value, error.message)
                }
            default:
                guard let setting = settings.first(where: { $0.key == member.key }) else {
                    check.unknownKey(member, keys: keys)
                    continue
                }
                do throws(SettingProblem) {
                    config.sinkSettings[setting] = try Self.value(of: setting, in: value)
                } catch {
                    report(value, error.message)
                }
            }
        }
        try check.finish()
        return config
    }

    private struct SettingProblem: Error {
        let message: String
    }

    private static func value(of setting: SinkSetting, in value: JSONValue) throws(SettingProblem) -> SinkSetting.Value {
        switch setting.kind {
        case .enabled:
            guard case .bool(let flag) = value.content else {
                throw SettingProblem(message: "\"\(setting.key)\" must be true or false, not \(value.typeName)")
            }
            return .enabled(flag)
        case .file:
            guard case .string(let path) = value.content else {
                throw SettingProblem(message: "\"\(setting.key)\" must be the path of a file, not \(value.typeName)")
            }
            guard !path.isEmpty else {
                throw SettingProblem(
                    message: "\"\(setting.key)\" must be the path of a file, not an empty string (leave the key out for none)")
            }
            return .file(path)
        }
    }

    /// The config with its relative paths (sinks' files, `exec:` sinks) taken from `folder`.
    public func resolvingPaths(against folder: String) -> UserConfig {
        var config = self
        config.sinkSettings = sinkSettings.mappingFiles { Self.path($0, from: folder) }
        config.sinks = sinks?.map { spec in spec.path.map { spec.withPath(Self.path($0, from: folder)) } ?? spec }
        return config
    }

    private static func path(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }
}
