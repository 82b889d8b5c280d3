/// When a built-in sink runs though the command line and the config name no sinks: the rule the
/// registry applies, and the words `pacer run --help` says it in, made from the same declaration.
public struct SinkDefault: Sendable {
    /// Whether the sink runs by default with these settings.
    public let applies: @Sendable (RunSettings) -> Bool
    /// When it does, as help says it ("when --log is given", "always"); nil when it never does.
    public let condition: String?

    public init(condition: String?, applies: @escaping @Sendable (RunSettings) -> Bool) {
        self.condition = condition
        self.applies = applies
    }

    /// Runs only when named.
    public static let never = SinkDefault(condition: nil) { _ in false }

    /// Runs in every session that names no sinks.
    public static let always = SinkDefault(condition: "always") { _ in true }

    /// Runs unless its `.enabled` setting turns it off (`--no-history`).
    public static func unlessTurnedOff(by setting: SinkSetting) -> SinkDefault {
        SinkDefault(condition: "unless \(setting.flag)") { $0.sinks.isOn(setting) }
    }

    /// Runs when its `.file` setting gives a file (`--log FILE`).
    public static func whenGiven(_ setting: SinkSetting) -> SinkDefault {
        SinkDefault(condition: "when \(setting.flag) is given") { $0.sinks.file(setting) != nil }
    }

    /// Runs when standard output is a terminal, unless `setting` turns it off (`--no-bell`).
    public static func onATerminal(unlessTurnedOff setting: SinkSetting) -> SinkDefault {
        SinkDefault(condition: "when standard output is a terminal") { $0.sinks.isOn(setting) && $0.outputIsTerminal }
    }
}
