import PacerCommandLine
import PacerCore
import SinkKit
import TerminalRendering

/// What `pacer run` was asked on its command line, read into typed values: the options the run
/// itself declares and the flags every built-in sink declares.
public struct RunRequest: Sendable {
    /// The WORKOUT argument: a name, a path, `-`, or a line of notation.
    public var workout: String
    /// `--name`, for a workout written in notation.
    public var notationName: String?
    public var speed: Double = 1
    /// `--sink`, in the order given.
    public var sinks: [SinkSpec] = []
    /// `--no-prompt`.
    public var noPrompt = false
    /// `--color`, when given.
    public var color: ColorChoice?
    /// What the sinks' flags set (`--no-bell`, `--log FILE`).
    public var sinkSettings = SinkSettingValues()

    public init(workout: String) {
        self.workout = workout
    }

    /// `--speed X`.
    public static let speed = Option<Double>("--speed", value: "X", help: "run X times faster (0.1 to 1000), for previews and tests") { text throws(UsageError) in
        guard let speed = text.decimalValue, speed >= 0.1, speed <= 1000 else {
            throw UsageError(message: "--speed takes a number from 0.1 to 1000, not '\(text)'")
        }
        return speed
    }

    /// `--sink SPEC`, repeatable.
    public static let sink = Option<SinkSpec>(
        "--sink", value: "SPEC", help: "send events to this sink (repeatable); see above", kind: .sink, repeats: true
    ) { text throws(UsageError) in
        try UsageError.rephrasing { () throws(SinkSetupError) in try SinkSpec(parsing: text) }
    }

    /// `--no-prompt`.
    public static let noPrompt = Flag("--no-prompt", help: "no command prompt; the session runs untouched")

    /// Every option `pacer run` takes: its own, the flags of the registry's sinks, `--color` and `--name`.
    public static func options(for registry: SinkRegistry) -> [OptionSpec] {
        [speed.spec, sink.spec] + registry.settings.map(\.option) + [noPrompt.spec, SharedOptions.color.spec, SharedOptions.notationName.spec]
    }

    /// The request a parsed command line makes, with the WORKOUT it names.
    public init(_ arguments: Arguments, workout: String, registry: SinkRegistry) {
        self.workout = workout
        notationName = arguments[SharedOptions.notationName]
        speed = arguments[Self.speed] ?? 1
        sinks = arguments.all(Self.sink)
        noPrompt = arguments[Self.noPrompt]
        color = arguments[SharedOptions.color]
        for setting in registry.settings {
            sinkSettings[setting] = setting.value(in: arguments)
        }
    }
}
