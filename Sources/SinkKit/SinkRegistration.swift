import PacerEngine
import PacerFoundation
import TerminalRendering

/// A built-in sink as the command line, `--help`, the config and `pacer plugins` know it: its
/// name, what it does, the options it takes, the settings it owns, its traits, when it runs by
/// default, and how to make one.
public struct SinkRegistration: Sendable {
    public let name: String
    /// One line for `--help` and `pacer plugins`.
    public let summary: String
    /// The keys `--sink NAME:KEY=VALUE` accepts.
    public let options: [SinkOption]
    /// The flags and config keys that set this sink up (`--log FILE`, `"bell": false`).
    public let settings: [SinkSetting]
    public let traits: SinkTraits
    /// Whether the sink runs when the command line and the config name no sinks, and when.
    public let runsByDefault: SinkDefault
    /// The files the sink would write, for its options, the run's settings and the environment:
    /// checked before anything starts, so that no two outputs (nor an output and the workout) are one file.
    public let files: @Sendable (_ options: [String: String], _ settings: RunSettings, _ environment: [String: String]) -> [String]
    /// Makes the sink for a session.
    public let make: @Sendable (SinkContext) throws -> MadeSink

    public init(
        name: String, summary: String, options: [SinkOption] = [], settings: [SinkSetting] = [], traits: SinkTraits,
        runsByDefault: SinkDefault = .never,
        files: @escaping @Sendable (_ options: [String: String], _ settings: RunSettings, _ environment: [String: String]) -> [String] = {
            _, _, _ in []
        },
        make: @escaping @Sendable (SinkContext) throws -> any Sink
    ) {
        self.init(
            name: name, summary: summary, options: options, settings: settings, traits: traits, runsByDefault: runsByDefault, files: files,
            made: { context in MadeSink(try make(context)) })
    }

    /// A sink that also sends commands to the session.
    public init(
        name: String, summary: String, options: [SinkOption] = [], settings: [SinkSetting] = [], traits: SinkTraits,
        runsByDefault: SinkDefault = .never,
        files: @escaping @Sendable (_ options: [String: String], _ settings: RunSettings, _ environment: [String: String]) -> [String] = {
            _, _, _ in []
        },
        makeSendingCommands make: @escaping @Sendable (SinkContext) throws -> any Sink & CommandSource
    ) {
        self.init(
            name: name, summary: summary, options: options, settings: settings, traits: traits, runsByDefault: runsByDefault, files: files,
            made: { context in MadeSink(sendingCommands: try make(context)) })
    }

    private init(
        name: String, summary: String, options: [SinkOption], settings: [SinkSetting], traits: SinkTraits,
        runsByDefault: SinkDefault,
        files: @escaping @Sendable (_ options: [String: String], _ settings: RunSettings, _ environment: [String: String]) -> [String],
        made: @escaping @Sendable (SinkContext) throws -> MadeSink
    ) {
        self.name = name
        self.summary = summary
        self.options = options
        self.settings = settings
        self.traits = traits
        self.runsByDefault = runsByDefault
        self.files = files
        self.make = made
    }
}

/// A sink made for a session, and where its commands come from when it sends any.
public struct MadeSink: Sendable {
    public let sink: any Sink
    public let commands: (any CommandSource)?

    /// A sink that only receives events.
    public init(_ sink: any Sink) {
        self.sink = sink
        commands = nil
    }

    /// A sink that also sends commands.
    public init(sendingCommands sink: any Sink & CommandSource) {
        self.sink = sink
        commands = sink
    }
}

/// One option a sink takes, as `--sink NAME:KEY=VALUE`.
public struct SinkOption: Sendable {
    public let key: String
    /// The value's placeholder in help text (`N`, `CMD`).
    public let value: String
    public let help: String

    public init(key: String, value: String, help: String) {
        self.key = key
        self.value = value
        self.help = help
    }
}

/// What a sink is, declared where it is registered.
public struct SinkTraits: Sendable, Equatable {
    /// Recorders (the log, history) never lose an event: they may fall behind and are waited for
    /// at the end. Presenters (display, bell, speech, plugins) show the present and drop what is
    /// stale when they fall behind.
    public enum Kind: Sendable, Equatable {
        case recorder, presenter
    }

    public let kind: Kind
    /// Whether replies to commands from the prompt or a pipe are shown through this sink.
    public let showsReplies: Bool
    /// Whether the sink draws on the terminal's screen.
    public let ownsScreen: Bool
    /// Whether the sink is given a `Snapshot` about once per displayed second (a display, a
    /// plugin). The others are not woken every second for it: they get events only.
    public let takesSnapshots: Bool
    /// Whether the sink writes to the terminal the screen draws on, besides the screen (the
    /// bell). It runs where the screen draws, as the sink that owns the screen does: a ring and
    /// the frame of the same moment take one wake-up, and no byte of its lands inside a frame.
    public let writesToTerminal: Bool
    /// The kinds of event the sink does anything with (`.phaseEnd`, …); nil for every event. The
    /// others are not queued for it, so its queue is not woken for a countdown it does nothing with.
    public let events: Set<Event.Kind>?

    public init(
        kind: Kind, showsReplies: Bool = false, ownsScreen: Bool = false, takesSnapshots: Bool = false,
        writesToTerminal: Bool = false, events: Set<Event.Kind>? = nil
    ) {
        self.kind = kind
        self.showsReplies = showsReplies
        self.ownsScreen = ownsScreen
        self.takesSnapshots = takesSnapshots
        self.writesToTerminal = writesToTerminal
        self.events = events
    }

    /// Whether the sink is given `event`.
    public func takes(_ event: Event) -> Bool {
        events?.contains(event.kind) ?? true
    }
}

/// The settings of a run that sinks and their defaults depend on: the session's own, and the
/// values of the settings the sinks declare.
public struct RunSettings: Sendable {
    public var speed: Double = 1
    public var color: ColorChoice = .auto
    /// Whether `NO_COLOR` is set.
    public var noColor = false
    /// Whether standard output is a terminal.
    public var outputIsTerminal = false
    /// What the command line and the config set of each sink's declared settings.
    public var sinks = SinkSettingValues()

    public init() {}
}

/// Everything a sink may need to be made: its options, the screen, the run's settings and the
/// process environment.
public struct SinkContext: Sendable {
    /// The name the sink was asked for by.
    public let name: String
    /// The `KEY=VALUE` options given after the name, already checked against the sink's keys.
    public let options: [String: String]
    public let screen: any Screen
    public let settings: RunSettings
    public let environment: [String: String]
    /// The workout being run.
    public let workout: (name: String, file: String)
    /// Tells the user something where they are looking, without disturbing the display or the prompt.
    public let report: @Sendable (TerminalText) -> Void

    public init(
        name: String, options: [String: String], screen: any Screen, settings: RunSettings,
        environment: [String: String], workout: (name: String, file: String),
        report: @escaping @Sendable (TerminalText) -> Void
    ) {
        self.name = name
        self.options = options
        self.screen = screen
        self.settings = settings
        self.environment = environment
        self.workout = workout
        self.report = report
    }
}

/// Why a sink cannot be asked for or made: a case to switch on, holding what its message names;
/// `description` says it for the user.
public enum SinkSetupError: Error, Sendable, CustomStringConvertible {
    /// `--sink TEXT` names no sink (it starts with `:`, or is empty).
    case namesNoSink(String)
    /// The name is not a sink's name (`SinkSpec.nameRule`).
    case notAName(String)
    /// `--sink exec` without a path.
    case execWithoutPath
    /// An option (`item`) is not KEY=VALUE; `form` says how to write one for this sink.
    case optionNotKeyValue(item: String, form: String)
    /// The option `key` is given twice.
    case optionTwice(key: String)
    /// The sink `sink` takes no option `key`: it takes `known`.
    case unknownOption(sink: String, key: String, known: [String])
    /// The sink `sink` was given option `key` with a value it cannot take (or with others it
    /// cannot take with): `problem` says why, in the sink's words.
    case invalidOption(sink: String, key: String, problem: String)
    /// The sink `sink` needs a setting the run did not give (`flag`: `--log FILE`).
    case needsSetting(sink: String, flag: String)
    /// The sink (as displayed) is named twice.
    case namedTwice(String)
    /// The plugin at `path` is not executable.
    case pluginNotExecutable(path: String)
    /// The plugin at `path` is not a file.
    case pluginNotAFile(path: String)
    /// No sink goes by `name`: not one of `builtIn`, nor an executable `program` in `folder`, on
    /// PATH or among the shipped plugins; the closest name there is.
    case unknownSink(name: String, builtIn: [String], program: String, folder: String, suggestion: String?)
    /// Making the sink failed: what its maker threw.
    case unmade(any Error)

    public var description: String {
        switch self {
        case .namesNoSink(let text): "'\(text)' names no sink"
        case .notAName(let name): "'\(name)' is not a sink name (\(SinkSpec.nameRule))"
        case .execWithoutPath: "exec needs a path: --sink exec:./my-plugin"
        case .optionNotKeyValue(let item, let form): "sink option '\(item)' is not KEY=VALUE (as in --sink \(form))"
        case .optionTwice(let key): "sink option '\(key)' is given twice"
        case .unknownOption(let sink, let key, let known):
            "the \(sink) sink has no option '\(key)'"
                + (Suggestion.closest(to: key, among: known).map { " (did you mean '\($0)'?)" }
                    ?? (known.isEmpty ? "; it takes none" : "; it takes \(known.joined(separator: ", "))"))
        case .invalidOption(_, _, let problem): problem
        case .needsSetting(let sink, let flag): "the \(sink) sink needs \(flag)"
        case .namedTwice(let sink): "the \(sink) sink is named twice; name each sink once"
        case .pluginNotExecutable(let path): "the plugin \(path) is not executable; make it so with: chmod +x \(path.shellQuoted)"
        case .pluginNotAFile(let path): "cannot run the plugin \(path): it is not a file"
        case .unknownSink(let name, let builtIn, let program, let folder, let suggestion):
            "unknown sink '\(name)': not a built-in sink (\(builtIn.joined(separator: ", "))) and no executable "
                + "\(program) in \(folder), on PATH or among the shipped plugins"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; 'pacer plugins' lists them"
        case .unmade(let error): "\(error)"
        }
    }
}
