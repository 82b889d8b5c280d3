import PacerCommandLine
import PacerFoundation
import PacerSession
import SinkKit
import TerminalRendering

/// The options of a command that runs a session (`pacer run`, `pacer today`): its own, the flags
/// every built-in sink declares, `--color` and `--name`, read back into a `SessionRequest`.
public enum RunOptions {
    /// `--speed X`.
    public static let speed = Option<Double>("--speed", value: "X", help: "run X times faster (0.1 to 1000), for previews and tests") {
        text throws(UsageError) in
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
        [speed.spec, sink.spec] + registry.settings.map(\.option) + [
            noPrompt.spec, SharedOptions.color.spec, SharedOptions.notationName.spec,
        ]
            + ThresholdOptions.specs
    }

    /// The session a parsed command line asks for, with the WORKOUT it names.
    public static func request(_ arguments: Arguments, workout: String, registry: SinkRegistry) -> SessionRequest {
        var request = SessionRequest(workout: workout)
        request.notationName = arguments[SharedOptions.notationName]
        request.speed = arguments[Self.speed] ?? 1
        request.sinks = arguments.all(Self.sink)
        request.noPrompt = arguments[Self.noPrompt]
        request.color = arguments[SharedOptions.color]
        request.thresholds = ThresholdOptions.thresholds(in: arguments)
        for setting in registry.settings {
            request.sinkSettings[setting] = setting.value(in: arguments)
        }
        return request
    }
}
