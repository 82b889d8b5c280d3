import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSession
import PacerSystem

/// `pacer run WORKOUT`: reads the command line into a `SessionRequest` (`RunOptions`), has `SessionSetup` assemble
/// the session, and runs it.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", abstract: "run a workout", usage: "pacer run [OPTIONS] WORKOUT", arguments: .workout,
        details: SharedOptions.workoutArgument + """


            While it runs, type commands at the prompt: pause, resume (or an empty line), skip, back,
            restart, +30, -10, done [REPS] [@ WEIGHT], status, help, quit. When standard input is not a
            terminal, the same commands are read from it line by line; with 'pacer run -' they come
            from the terminal (/dev/tty), or from nowhere when there is none.

            Sinks (--sink NAME, or NAME:KEY=VALUE,... to give a sink options):
            \(SinkRegistry.standard.summaries)
            Without --sink (and without "sinks" in the config file), pacer uses:
            \(SinkRegistry.standard.defaults)
            """,
        options: RunOptions.options(for: .standard),
        watchesSignals: { _ in true }
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "run") { () throws(UsageError) in
            let request = RunOptions.request(arguments, workout: try arguments.workout(for: "run"), registry: .standard)
            return run(request, environment: environment)
        }
    }

    /// Runs the session `request` asks for and returns the exit status.
    static func run(_ request: SessionRequest, environment: Environment) -> Int32 {
        let configuration: SessionConfiguration
        do throws(SessionSetupError) {
            configuration = try SessionSetup(environment: environment)
                .configuration(for: request, isTerminal: Output.isTerminal) { Output.problem(TerminalText($0)) }
        } catch {
            switch error {
            case .usage(let message): return Pacer.usageError(message, hintFor: "run")
            case .failure(let lines): lines.forEach { Output.problem(TerminalText($0)) }
            case .interrupted(let signal, let lines):
                lines.forEach { Output.problem(TerminalText($0)) }
                return SignalWatcher.exitStatus(for: signal)
            }
            return ExitStatus.failure
        }
        return SessionRunner(configuration).run()
    }
}
