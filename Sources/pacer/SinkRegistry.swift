import BellSink
import LogFileSink
import PacerCore
import PacerRuntime
import SpeechSink
import TerminalSink

/// Every built-in sink, in the order the defaults list them. `--sink`, `--help`, the defaults
/// and `pacer plugins` all read this table; adding a sink is a folder under Plugins/ and a line here.
enum SinkRegistry {
    static let builtIn: [SinkRegistration] = [
        TerminalSink.registration,
        LogFileSink.registration,
        BellSink.registration,
        SpeechSink.registration,
    ]

    static func registration(named name: String) -> SinkRegistration? {
        builtIn.first { $0.name == name }
    }

    /// The sinks that run when none is named, for these settings.
    static func defaults(for settings: RunSettings) -> [SinkSpec] {
        builtIn.filter { $0.isDefault(settings) }.map { SinkSpec(name: $0.name) }
    }

    /// One line per built-in sink, for help text: `  terminal  the live display…`, and one per
    /// option a sink takes below it: `    rate=WPM  words per minute…`.
    static var summaries: String {
        var table = TextTable([.left, .left])
        for registration in builtIn {
            table.append([TerminalText(registration.name), TerminalText(registration.summary)])
            for option in registration.options {
                table.append([TerminalText("  \(option.key)=\(option.value)"), TerminalText(option.help)])
            }
        }
        return table.lines(indent: "  ").map(\.plain).joined(separator: "\n")
    }

    /// Checks that a sink exists and takes the options given, before anything is started.
    static func check(_ spec: SinkSpec) throws(SinkSetupError) {
        guard let registration = registration(named: spec.name) else {
            var message = "unknown sink '\(spec.name)': the sinks are \(builtIn.map(\.name).joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: spec.name, among: builtIn.map(\.name)) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw SinkSetupError(message)
        }
        _ = try spec.checkedOptions(against: registration.options)
    }

    /// Makes the sinks a session asked for (checked with `check` first).
    static func members(for specs: [SinkSpec], screen: any Screen, settings: RunSettings, environment: [String: String],
                        workout: (name: String, file: String)) throws(SinkSetupError) -> [SinkHub.Member] {
        var members: [SinkHub.Member] = []
        for spec in specs {
            try check(spec)
            guard let registration = registration(named: spec.name) else { continue }
            let context = SinkContext(name: spec.name, options: try spec.checkedOptions(against: registration.options), screen: screen,
                                      settings: settings, environment: environment, workout: workout)
            do {
                members.append(SinkHub.Member(name: spec.displayName, sink: try registration.make(context), traits: registration.traits))
            } catch let error as SinkSetupError {
                throw error
            } catch {
                throw SinkSetupError("\(error)")
            }
        }
        return members
    }
}
