/// The user's defaults for `pacer run`, from `$XDG_CONFIG_HOME/pacer/config.json`. Every key is
/// optional; the command line wins over the file.
public struct UserConfig: Sendable, Equatable {
    /// The sinks to use when the command line names none, as `--sink` takes them.
    public var sinks: [SinkSpec]?
    /// Whether the bell rings by default.
    public var bell: Bool?
    public var color: ColorChoice?
    /// Whether the readline prompt is offered at a terminal.
    public var prompt: Bool?
    /// Whether sessions are recorded in the history.
    public var history: Bool?
    /// A log file every session appends to, as `--log` does.
    public var log: String?

    public init() {}

    /// The keys a config file may have.
    public static let keys = ["$schema", "sinks", "bell", "color", "prompt", "history", "log"]

    /// Reads a config file, checking it as strictly as a workout file: every problem, each with
    /// its line and column.
    public static func decode(_ bytes: [UInt8]) throws(ConfigErrors) -> UserConfig {
        var check = SettingsFileCheck(bytes)
        func report(_ value: JSONValue, _ message: String) {
            check.report(value, message)
        }
        guard let members = check.members(of: try check.root(), "the config", example: "{\"sinks\": [\"terminal\"]}") else {
            throw ConfigErrors(check.problems)
        }
        var config = UserConfig()
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
            case "bell", "prompt", "history":
                guard case .bool(let flag) = value.content else {
                    report(value, "\"\(member.key)\" must be true or false, not \(value.typeName)")
                    continue
                }
                switch member.key {
                case "bell": config.bell = flag
                case "prompt": config.prompt = flag
                default: config.history = flag
                }
            case "color":
                guard case .string(let text) = value.content, let choice = ColorChoice(rawValue: text) else {
                    report(value, "\"color\" must be \"auto\", \"always\" or \"never\"")
                    continue
                }
                config.color = choice
            case "log":
                guard case .string(let path) = value.content else {
                    report(value, "\"log\" must be the path of a file, not \(value.typeName)")
                    continue
                }
                guard !path.isEmpty else {
                    report(value, "\"log\" must be the path of a file, not an empty string (leave the key out for no standing log)")
                    continue
                }
                config.log = path
            default:
                check.unknownKey(member, keys: keys)
            }
        }
        try check.finish()
        return config
    }

    /// The config with its relative paths (the log, `exec:` sinks) taken from `folder`.
    public func resolvingPaths(against folder: String) -> UserConfig {
        var config = self
        config.log = log.map { Self.path($0, from: folder) }
        config.sinks = sinks?.map { spec in spec.path.map { spec.withPath(Self.path($0, from: folder)) } ?? spec }
        return config
    }

    private static func path(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }
}

/// Everything wrong with a file of settings in the config folder (config.json, plan.json).
public struct ConfigErrors: Error, Sendable {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
