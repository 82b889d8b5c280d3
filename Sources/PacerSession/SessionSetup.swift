import PacerConfig
import PacerRuntime
import PacerSystem
import PacerUserFiles
import PacerWorkout
import SinkKit

/// The one place a session is assembled: a `SessionRequest`, the user's config and the environment
/// become a `SessionConfiguration` (the workout, the sinks, the command sources, the settings),
/// checked before anything starts.
public struct SessionSetup: Sendable {
    public let registry: SinkRegistry
    public let environment: Environment

    public init(registry: SinkRegistry = .standard, environment: Environment) {
        self.registry = registry
        self.environment = environment
    }

    /// What a session that a signal stopped before its start leaves behind.
    static let notStarted = "pacer: no session was started, and nothing was recorded"

    /// Assembles the session `request` asks for. `notice` hears what the user should know but that
    /// does not stop the run (the workout's warnings).
    public func configuration(
        for request: SessionRequest, isTerminal outputIsTerminal: Bool,
        notice: (String) -> Void
    ) throws(SessionSetupError) -> SessionConfiguration {
        if let problem = SessionResources.secure() { throw .failure([problem]) }
        let config = try loadConfig()
        var settings = RunSettings()
        settings.speed = request.speed
        settings.color = request.color ?? config.color ?? .auto
        settings.noColor = environment["NO_COLOR"] != nil
        settings.outputIsTerminal = outputIsTerminal
        settings.sinks = config.sinkSettings.overridden(by: request.sinkSettings)
        let specs = try sinkSpecs(request, config: config, settings: settings)

        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try WorkoutLoader.load(
                request.workout, library: WorkoutLibrary(environment: environment, notationName: request.notationName)
            )
            .with(config.thresholds.overridden(by: request.thresholds))
        } catch {
            if let signal = error.signal { throw .interrupted(signal: signal, lines: error.lines + [Self.notStarted]) }
            throw .failure(error.lines)
        }
        // Ctrl-C as the workout's last bytes came: the session has not started, so nothing is run.
        if let signal = HeldSignals.pending(HeldSignals.stopping) {
            throw .interrupted(
                signal: signal, lines: ["pacer: \(HeldSignals.name(of: signal)) came before the session started", Self.notStarted])
        }
        loaded.warnings.forEach(notice)
        var prompt = !request.noPrompt && config.prompt != false
        // Standard input held the workout: commands come from the terminal, if there is one.
        if loaded.source.isStandardInput, !StandardStreams.reattachInputToTerminal() {
            prompt = false
        }
        if let shared = SharedFile.find(among: files(of: specs, settings: settings, workout: loaded)) {
            throw .failure([shared.message])
        }
        let terminal = SessionTerminal(environment: environment, prompt: prompt)
        let members: [SinkHub.Member]
        do throws(SinkSetupError) {
            members = try registry.members(
                for: specs, terminal: terminal, settings: settings, environment: environment,
                workout: (loaded.plan.workoutName, loaded.source.path))
        } catch {
            throw .failure(["pacer: \(error.description)"])
        }
        let commands =
            [CommandChannel.terminal(terminal, environment: environment, notice: notice)].compactMap { $0 }
            + members.compactMap(CommandChannel.sink)
        return SessionConfiguration(workout: loaded, sinks: members, commands: commands, terminal: terminal, speed: request.speed)
    }

    private func loadConfig() throws(SessionSetupError) -> UserConfig {
        do throws(ConfigLoadError) {
            return try UserConfig.load(from: environment, settings: registry.settings)
        } catch {
            throw .failure(error.lines + [UserConfig.fixAdvice(in: environment)])
        }
    }

    /// The files a session reads and writes, each with what it is for: the workout, then what each
    /// built-in sink writes.
    private func files(of specs: [SinkSpec], settings: RunSettings, workout: LoadedWorkout) -> [(role: String, path: String)] {
        var files: [(role: String, path: String)] = workout.source.isFile ? [("the workout file", workout.source.path)] : []
        for spec in specs {
            guard let registration = registry.registration(named: spec.name), spec.path == nil else { continue }
            let options = Dictionary(spec.options.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            files += registration.files(options, settings, environment.variables).map { ("the \(registration.name)", $0) }
        }
        return files
    }

    /// The sinks asked for on the command line, else in the config, else the defaults; each named
    /// once, and none contradicted by another option. The rules follow from the kinds of setting
    /// the sinks declare: a sink turned off may not be named on the command line and is left out of
    /// the config's list; a sink whose file is given runs, and one named without its file is refused.
    private func sinkSpecs(_ request: SessionRequest, config: UserConfig, settings: RunSettings) throws(SessionSetupError) -> [SinkSpec] {
        let fromCommandLine = request.sinks
        let switchedOff = registry.settings.filter { $0.kind == .enabled && !settings.sinks.isOn($0) }
        for setting in switchedOff {
            guard let owner = registry.owner(of: setting), fromCommandLine.contains(where: { $0.name == owner.name }) else { continue }
            throw .usage("--sink \(owner.name) and \(setting.flag) ask for opposite things; give one of them")
        }
        let offNames = switchedOff.compactMap { registry.owner(of: $0)?.name }
        let asked = fromCommandLine.isEmpty ? (config.sinks ?? []).filter { !offNames.contains($0.name) } : fromCommandLine
        var specs: [SinkSpec] = []
        for spec in asked {
            do throws(SinkSetupError) {
                if specs.contains(where: { $0.name == spec.name && $0.path == spec.path }) {
                    throw .namedTwice(spec.displayName)
                }
                _ = try registry.resolve(spec, environment: environment)
                specs.append(spec)
            } catch {
                throw .usage(fromCommandLine.isEmpty ? "in the config's \"sinks\": \(error.description)" : error.description)
            }
        }
        if specs.isEmpty { return registry.defaults(for: settings) }
        for setting in registry.settings where setting.kind == .file {
            guard let owner = registry.owner(of: setting) else { continue }
            let named = specs.contains { $0.name == owner.name }
            let given = settings.sinks.file(setting) != nil
            if given, !named { specs.append(SinkSpec(name: owner.name)) }
            if named, !given { throw .usage("the \(owner.name) sink needs \(setting.flag) FILE") }
        }
        return specs
    }
}
