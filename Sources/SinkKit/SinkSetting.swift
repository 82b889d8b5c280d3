/// A setting a built-in sink owns, declared in its registration: the command-line flag and the
/// config key that set it, and what kind of value it takes. The command line, `--help`, the man
/// page, the completions, the config check and its schema all read these declarations, so a sink's
/// settings are named in its own folder and nowhere else.
public struct SinkSetting: Sendable, Equatable {
    /// What a setting holds, and the rules that follow from it.
    public enum Kind: Sendable, Equatable {
        /// The sink is on unless `--no-NAME` or the config's `"KEY": false` turns it off. Named
        /// on the command line while turned off is a contradiction; named in the config, it is left out.
        case enabled
        /// A file the sink writes to. Given, it adds the sink to those named; named, the sink needs it.
        /// A relative path in the config is taken from the config's folder.
        case file
    }

    public let kind: Kind
    /// The config key (`"bell"`, `"log"`).
    public let key: String
    /// The command-line option (`--no-bell`, `--log`).
    public let flag: String
    /// What the flag does, for `--help`.
    public let help: String
    /// What the config key means, for `docs/config.schema.json`.
    public let configHelp: String

    public init(_ kind: Kind, key: String, flag: String, help: String, configHelp: String) {
        self.kind = kind
        self.key = key
        self.flag = flag
        self.help = help
        self.configHelp = configHelp
    }

    /// The flag as help shows it: `--no-bell`, `--log FILE`.
    public var synopsis: String {
        switch kind {
        case .enabled: flag
        case .file: "\(flag) FILE"
        }
    }

    /// The setting's value, as the command line or the config gave it.
    public enum Value: Sendable, Equatable {
        case enabled(Bool)
        case file(String)
    }
}

/// The values of the sinks' settings for one run: the command line's, else the config's.
public struct SinkSettingValues: Sendable, Equatable {
    private var values: [String: SinkSetting.Value] = [:]

    public init() {}

    /// The value given for a setting, if any.
    public subscript(setting: SinkSetting) -> SinkSetting.Value? {
        get { values[setting.key] }
        set { values[setting.key] = newValue }
    }

    /// Whether an `.enabled` setting leaves its sink on: it does unless turned off.
    public func isOn(_ setting: SinkSetting) -> Bool {
        if case .enabled(false) = self[setting] { return false }
        return true
    }

    /// The file a `.file` setting names, if one was given.
    public func file(_ setting: SinkSetting) -> String? {
        if case .file(let path) = self[setting] { return path }
        return nil
    }

    /// The values with every file's path changed by `transform`.
    public func mappingFiles(_ transform: (String) -> String) -> SinkSettingValues {
        var mapped = self
        for (key, value) in values {
            if case .file(let path) = value { mapped.values[key] = .file(transform(path)) }
        }
        return mapped
    }

    /// These values, with those in `other` in place of them (the command line over the config).
    public func overridden(by other: SinkSettingValues) -> SinkSettingValues {
        var merged = self
        merged.values.merge(other.values) { $1 }
        return merged
    }
}
