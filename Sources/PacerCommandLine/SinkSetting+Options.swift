import SinkKit

extension SinkSetting {
    /// The command-line option that sets this: a flag that turns the sink off, or an option that names its file.
    public var option: OptionSpec {
        switch kind {
        case .enabled: offFlag.spec
        case .file: fileOption.spec
        }
    }

    /// The value the command line gives this setting, if it gives one.
    public func value(in arguments: Arguments) -> Value? {
        switch kind {
        case .enabled: arguments[offFlag] ? .enabled(false) : nil
        case .file: arguments[fileOption].map(Value.file)
        }
    }

    private var offFlag: Flag {
        Flag(flag, help: help)
    }

    private var fileOption: Option<String> {
        Option(flag, value: "FILE", help: help, kind: .file)
    }
}
