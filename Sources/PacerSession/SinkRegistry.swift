import Dispatch
import PacerFoundation
import PacerRuntime
import PacerSystem
import SinkKit
import TerminalRendering

/// The built-in sinks, in the order the defaults list them. `--sink`, `--help`, the man page,
/// the completions, the config check, the defaults and `pacer plugins` all read this table, and
/// each sink's registration says its flags and config keys, so adding a sink is a folder under
/// Plugins/, a line in Package.swift's `sinks` and its registration in `builtInRegistrations`.
/// A name that is not built in is an external plugin, found by `PluginDirectory`.
public struct SinkRegistry: Sendable {
    public let builtIn: [SinkRegistration]

    public init(builtIn: [SinkRegistration]) {
        self.builtIn = builtIn
    }

    /// The sinks that ship with pacer.
    public static let standard = SinkRegistry(builtIn: builtInRegistrations)

    /// What every external plugin is: it shows the present and may lose what is stale, and its
    /// pipe is written again each second when it was full.
    public static let pluginTraits = SinkTraits(kind: .presenter, takesSnapshots: true)

    public func registration(named name: String) -> SinkRegistration? {
        builtIn.first { $0.name == name }
    }

    /// Every setting the built-in sinks declare, in the table's order.
    public var settings: [SinkSetting] {
        builtIn.flatMap(\.settings)
    }

    /// The sink that declares `setting`.
    func owner(of setting: SinkSetting) -> SinkRegistration? {
        builtIn.first { $0.settings.contains(setting) }
    }

    /// The sinks that run when none is named, for these settings.
    func defaults(for settings: RunSettings) -> [SinkSpec] {
        builtIn.filter { $0.runsByDefault.applies(settings) }.map { SinkSpec(name: $0.name) }
    }

    /// Which sinks run when none is named, and when: ("terminal", "always"), ("log", "when --log is given").
    public var defaultRules: [(sink: String, when: String)] {
        builtIn.compactMap { registration in
            registration.runsByDefault.condition.map { (registration.name, $0) }
        }
    }

    /// The default sinks as help shows them, one line each: `  terminal  always`.
    public var defaults: String {
        var table = TextTable([.left, .left])
        for rule in defaultRules {
            table.append([TerminalText(rule.sink), TerminalText(rule.when)])
        }
        return table.lines(indent: "  ").map(\.plain).joined(separator: "\n")
    }

    /// One line per built-in sink, for help text: `  terminal  the live display…`, one per
    /// option a sink takes below it (`    rate=WPM  words per minute…`), and its settings' flags and keys.
    public var summaries: String {
        var table = TextTable([.left, .left])
        for registration in builtIn {
            table.append([TerminalText(registration.name), TerminalText(registration.summary)])
            for option in registration.options {
                table.append([TerminalText("  \(option.key)=\(option.value)"), TerminalText(option.help)])
            }
            for setting in registration.settings {
                table.append([TerminalText("  \(setting.synopsis)"), TerminalText("\(setting.help); in the config: \"\(setting.key)\"")])
            }
        }
        return table.lines(indent: "  ").map(\.plain).joined(separator: "\n")
    }

    /// What a spec names: a built-in sink, or the path of an external plugin.
    enum Resolved {
        case builtIn(SinkRegistration)
        case plugin(path: String)
    }

    /// Finds the sink a spec names and checks its options, before anything is started. The plugin
    /// folders are looked at only for a name that is no built-in sink's.
    func resolve(_ spec: SinkSpec, environment: Environment) throws(SinkSetupError) -> Resolved {
        if let path = spec.path {
            switch PluginDirectory.isExecutableFile(path) {
            case true?: break
            case false?: throw .pluginNotExecutable(path: path)
            case nil: throw .pluginNotAFile(path: path)
            }
            return .plugin(path: path)
        }
        if let registration = registration(named: spec.name) {
            _ = try spec.checkedOptions(against: registration.options)
            return .builtIn(registration)
        }
        let plugins = PluginDirectory(environment: environment)
        if let plugin = plugins.find(spec.name) { return .plugin(path: plugin.path) }
        let found = plugins.all()
        if let unrunnable = found.first(where: { $0.name == spec.name && !$0.isExecutable }) {
            throw .pluginNotExecutable(path: unrunnable.path)
        }
        let known = builtIn.map(\.name) + found.filter(\.isNameable).map(\.name)
        throw .unknownSink(
            name: spec.name, builtIn: builtIn.map(\.name), program: PluginDirectory.prefix + spec.name,
            folder: plugins.folders.first?.label ?? "the plugin folder", suggestion: Suggestion.closest(to: spec.name, among: known))
    }

    /// Makes the sinks a session asked for, in the order asked. The built-in sinks are made first
    /// and plugins after, with a few descriptors held back meanwhile, so that plugins never take
    /// what a recorder or the session itself needs.
    func members(
        for specs: [SinkSpec], terminal: SessionTerminal, settings: RunSettings, environment: Environment,
        workout: (name: String, file: String)
    ) throws(SinkSetupError) -> [SinkHub.Member] {
        let resolved = try specs.map { spec throws(SinkSetupError) in (spec, try resolve(spec, environment: environment)) }
        var members: [Int: SinkHub.Member] = [:]
        for (index, (spec, found)) in resolved.enumerated() {
            guard case .builtIn(let registration) = found else { continue }
            let context = SinkContext(
                name: spec.name, options: try spec.checkedOptions(against: registration.options),
                screen: terminal.display, settings: settings, environment: environment.variables,
                workout: workout, report: terminal.report)
            do {
                // The sinks that write to the terminal run on the screen's queue: a frame is drawn
                // where it is made, and a ring goes out with it.
                let target = registration.traits.ownsScreen || registration.traits.writesToTerminal ? terminal.display.queue : nil
                members[index] = SinkHub.Member(
                    name: spec.displayName, made: try registration.make(context), traits: registration.traits,
                    target: target)
            } catch let error as SinkSetupError {
                throw error
            } catch {
                throw .unmade(error)
            }
        }
        let kept = DescriptorReserve(SessionResources.keptFromOptionalParts)
        defer { kept.release() }
        for (index, (spec, found)) in resolved.enumerated() {
            guard case .plugin(let path) = found else { continue }
            let plugin = ExternalPlugin(
                name: spec.displayName, executable: path, arguments: spec.options.map { "\($0.key)=\($0.value)" },
                environment: ExternalPlugin.environment(
                    environment.variables, plugin: spec.displayName, workout: workout, speed: settings.speed),
                report: terminal.report)
            members[index] = SinkHub.Member(name: spec.displayName, sink: plugin, traits: Self.pluginTraits, commands: plugin)
        }
        return resolved.indices.compactMap { members[$0] }
    }
}
