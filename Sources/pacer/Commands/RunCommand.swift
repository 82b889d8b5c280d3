import PacerCore
import PacerRuntime
import PacerSystem

/// `pacer run WORKOUT`: runs a session with its sinks and the control prompt.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", abstract: "run a workout", usage: "pacer run [OPTIONS] WORKOUT", arguments: .workout,
        details: CommandSpec.workoutArgument + """


            While it runs, type commands at the prompt: pause, resume (or an empty line), skip, back,
            restart, +30, -10, done [REPS] [@ WEIGHT], status, help, quit. When standard input is not a
            terminal, the same commands are read from it line by line; with 'pacer run -' they come
            from the terminal (/dev/tty), or from nowhere when there is none.

            Sinks (--sink NAME, or NAME:KEY=VALUE,... to give a sink options):
            \(SinkRegistry.summaries)
            Without --sink (and without "sinks" in the config file), pacer uses terminal, bell when
            standard output is a terminal, log when --log is given, and history unless --no-history.
            """,
        options: [
            OptionSpec(name: "--speed", value: "X", help: "run X times faster (0.1 to 1000), for previews and tests"),
            OptionSpec(name: "--log", value: "FILE", help: "append the event stream to FILE as JSON lines", kind: .file),
            OptionSpec(name: "--sink", value: "SPEC", help: "send events to this sink (repeatable); see above",
                       kind: .sink, repeats: true),
            OptionSpec(name: "--no-bell", value: nil, help: "do not ring the terminal bell"),
            OptionSpec(name: "--no-prompt", value: nil, help: "no command prompt; the session runs untouched"),
            OptionSpec(name: "--no-history", value: nil, help: "do not record this session in the history"),
            .color,
            .notationName,
        ]
    ) { arguments, environment in
        // Before anything else: a signal from now on waits to be handled instead of being lost.
        SignalWatcher.blockWatchedSignals()
        return CommandSpec.reportingUsage(of: "run") { () throws(Arguments.UsageError) in try run(arguments, environment: environment) }
    }

    private static func run(_ arguments: Arguments, environment: Environment) throws(Arguments.UsageError) -> Int32 {
        let reference = try arguments.workout(for: "run")
        if let problem = SessionResources.secure() {
            Output.problem(TerminalText(problem))
            return ExitStatus.failure
        }
        let config: UserConfig
        do throws(ConfigLoadError) {
            config = try UserConfig.load(from: environment)
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            Output.problem("pacer: fix \(environment.abbreviatingHome(UserConfig.path(in: environment))) (see docs/config.md) and run again")
            return ExitStatus.failure
        }
        var options = RunOptions()
        var settings = RunSettings()
        if let text = arguments.value("--speed") {
            guard let speed = text.decimalValue, speed >= 0.1, speed <= 1000 else {
                throw .init(message: "--speed takes a number from 0.1 to 1000, not '\(text)'")
            }
            options.speed = speed
        }
        settings.speed = options.speed
        options.prompt = !arguments.has("--no-prompt") && config.prompt != false
        settings.color = arguments.has("--color") ? try arguments.colorChoice() : config.color ?? .auto
        settings.noColor = environment["NO_COLOR"] != nil
        settings.bell = !arguments.has("--no-bell") && config.bell != false
        settings.outputIsTerminal = Output.standard.isTerminal
        settings.history = !arguments.has("--no-history") && config.history != false
        let logs = arguments.all("--log")
        guard logs.count <= 1 else { throw .init(message: "--log is given \(logs.count) times; give one log file") }
        settings.logPath = logs.first ?? config.log
        let specs = try sinkSpecs(arguments, config: config, settings: settings, plugins: PluginDirectory(environment: environment))

        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try WorkoutLoader.load(reference, library: arguments.library(environment))
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        }
        loaded.warnings.forEach { Output.problem(TerminalText($0)) }
        // Standard input held the workout: commands come from the terminal, if there is one.
        if loaded.source.isStandardInput, !StandardStreams.reattachInputToTerminal() {
            options.prompt = false
        }
        if let shared = SharedFile.find(among: files(of: specs, settings: settings, environment: environment, workout: loaded)) {
            Output.problem(TerminalText(shared.message))
            return ExitStatus.failure
        }
        let terminal = SessionTerminal(environment: environment, prompt: options.prompt)
        let members: [SinkHub.Member]
        do throws(SinkSetupError) {
            members = try SinkRegistry.members(for: specs, terminal: terminal, settings: settings, environment: environment,
                                               workout: (loaded.plan.workoutName, loaded.source.path))
        } catch {
            Output.problem("pacer: \(error.description)")
            return ExitStatus.failure
        }
        return SessionRunner(loaded: loaded, sinks: members, terminal: terminal, options: options, environment: environment).run()
    }

    /// The files a session reads and writes, each with what it is for: the workout, then what each
    /// built-in sink writes.
    private static func files(of specs: [SinkSpec], settings: RunSettings, environment: Environment,
                              workout: LoadedWorkout) -> [(role: String, path: String)] {
        var files: [(role: String, path: String)] = workout.source.isFile ? [("the workout file", workout.source.path)] : []
        for spec in specs {
            guard let registration = SinkRegistry.registration(named: spec.name), spec.path == nil else { continue }
            let options = Dictionary(spec.options.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            files += registration.files(options, settings, environment.variables).map { ("the \(registration.name)", $0) }
        }
        return files
    }

    /// The sinks asked for on the command line, else in the config, else the defaults; each named
    /// once, and none contradicted by another option.
    private static func sinkSpecs(_ arguments: Arguments, config: UserConfig, settings: RunSettings,
                                  plugins: PluginDirectory) throws(Arguments.UsageError) -> [SinkSpec] {
        var specs: [SinkSpec] = []
        let fromCommandLine = try arguments.all("--sink").map { text throws(Arguments.UsageError) in
            do throws(SinkSetupError) {
                return try SinkSpec(parsing: text)
            } catch {
                throw .init(message: error.description)
            }
        }
        // Sinks an option turns off: naming one on the command line with its option is a contradiction;
        // named in the config (defaults), the option wins.
        let switchedOff = [("bell", "--no-bell", settings.bell), ("history", "--no-history", settings.history)].filter { !$0.2 }
        for (name, option, _) in switchedOff where fromCommandLine.contains(where: { $0.name == name }) {
            throw .init(message: "--sink \(name) and \(option) ask for opposite things; give one of them")
        }
        let asked = fromCommandLine.isEmpty
            ? (config.sinks ?? []).filter { spec in !switchedOff.contains { $0.0 == spec.name } }
            : fromCommandLine
        for spec in asked {
            do throws(SinkSetupError) {
                if specs.contains(where: { $0.name == spec.name && $0.path == spec.path }) {
                    throw SinkSetupError("the \(spec.displayName) sink is named twice; name each sink once")
                }
                _ = try SinkRegistry.resolve(spec, plugins: plugins)
                specs.append(spec)
            } catch {
                throw .init(message: fromCommandLine.isEmpty ? "in the config's \"sinks\": \(error.description)" : error.description)
            }
        }
        if specs.isEmpty { return SinkRegistry.defaults(for: settings) }
        if settings.logPath != nil, !specs.contains(where: { $0.name == "log" }) {
            specs.append(SinkSpec(name: "log"))
        }
        if specs.contains(where: { $0.name == "log" }), settings.logPath == nil {
            throw .init(message: "the log sink needs --log FILE")
        }
        return specs
    }
}
