import PacerCore
import PacerRuntime
import PacerSystem

/// `pacer run WORKOUT`: runs a session with its sinks and the control prompt.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", abstract: "run a workout", usage: "pacer run [OPTIONS] WORKOUT", arguments: .workout,
        details: """
            WORKOUT is a path or a name on the search path (see 'pacer list'). While it runs, type
            commands at the prompt: pause, resume (or an empty line), skip, back, restart, +30, -10,
            done [REPS] [@ WEIGHT], status, help, quit. When standard input is not a terminal, the
            same commands are read from it line by line.

            Sinks (--sink NAME, or NAME:KEY=VALUE,... to give a sink options):
            \(SinkRegistry.summaries)
            Without --sink, pacer uses terminal, bell when standard output is a terminal, and log
            when --log is given.
            """,
        options: [
            OptionSpec(name: "--speed", value: "X", help: "run X times faster (0.1 to 1000), for previews and tests"),
            OptionSpec(name: "--log", value: "FILE", help: "append the event stream to FILE as JSON lines", kind: .file),
            OptionSpec(name: "--sink", value: "SPEC", help: "send events to this sink (repeatable); see above",
                       kind: .sink, repeats: true),
            OptionSpec(name: "--no-bell", value: nil, help: "do not ring the terminal bell"),
            OptionSpec(name: "--no-prompt", value: nil, help: "no command prompt; the session runs untouched"),
            .color,
        ]
    ) { arguments, environment in
        // Before anything else: a signal from now on waits to be handled instead of being lost.
        SignalWatcher.blockWatchedSignals()
        do throws(Arguments.UsageError) {
            return try run(arguments, environment: environment)
        } catch {
            return Pacer.usageError(error.message, hintFor: "run")
        }
    }

    private static func run(_ arguments: Arguments, environment: Environment) throws(Arguments.UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw .init(message: arguments.positionals.isEmpty ? "run needs a workout" : "run takes one workout")
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
        options.prompt = !arguments.has("--no-prompt")
        settings.color = try arguments.colorChoice()
        settings.noColor = environment["NO_COLOR"] != nil
        settings.bell = !arguments.has("--no-bell")
        settings.outputIsTerminal = Output.standard.isTerminal
        let logs = arguments.all("--log")
        guard logs.count <= 1 else { throw .init(message: "--log is given \(logs.count) times; give one log file") }
        settings.logPath = logs.first
        let specs = try sinkSpecs(arguments, settings: settings)

        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try WorkoutLoader.load(arguments.positionals[0], library: WorkoutLibrary(environment: environment))
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        }
        if let log = settings.logPath, loaded.source.isFile, let identity = FileSystem.identity(log),
           identity == FileSystem.identity(loaded.source.path) {
            Output.problem("pacer: the log \(log) is the workout file itself; give another --log FILE")
            return ExitStatus.failure
        }
        let display = TerminalScreen(live: environment["TERM"] != "dumb")
        let members: [SinkHub.Member]
        do throws(SinkSetupError) {
            members = try SinkRegistry.members(for: specs, screen: display, settings: settings, environment: environment.variables,
                                               workout: (loaded.plan.workoutName, loaded.source.path))
        } catch {
            Output.problem("pacer: \(error.description)")
            return ExitStatus.failure
        }
        return SessionRunner(loaded: loaded, sinks: members, display: display, options: options, environment: environment).run()
    }

    /// The sinks asked for, or the defaults; each named once, and none contradicted by another option.
    private static func sinkSpecs(_ arguments: Arguments, settings: RunSettings) throws(Arguments.UsageError) -> [SinkSpec] {
        var specs: [SinkSpec] = []
        for text in arguments.all("--sink") {
            do throws(SinkSetupError) {
                let spec = try SinkSpec(parsing: text)
                if specs.contains(where: { $0.name == spec.name && $0.path == spec.path }) {
                    throw SinkSetupError("the \(spec.displayName) sink is named twice; name each sink once")
                }
                try SinkRegistry.check(spec)
                specs.append(spec)
            } catch {
                throw .init(message: error.description)
            }
        }
        if specs.contains(where: { $0.name == "bell" }), !settings.bell {
            throw .init(message: "--sink bell and --no-bell ask for opposite things; give one of them")
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
