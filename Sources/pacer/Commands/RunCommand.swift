import BellSink
import LogFileSink
import PacerCore
import PacerRuntime
import TerminalSink

/// `pacer run WORKOUT`: runs a session with its sinks and the control prompt.
enum RunCommand {
    static let builtInSinks = ["terminal", "log", "bell"]

    static let spec = CommandSpec(
        name: "run", abstract: "run a workout", usage: "pacer run [OPTIONS] WORKOUT",
        details: """
            WORKOUT is a path or a name on the search path (see 'pacer list'). While it runs, type
            commands at the prompt: pause, resume (or an empty line), skip, back, restart, +30, -10,
            done [REPS] [@ WEIGHT], status, help, quit. When standard input is not a terminal, the
            same commands are read from it line by line.
            Sinks: terminal (the live display), log (the event stream; needs --log), bell.
            Without --sink, pacer uses terminal, bell when standard output is a terminal, and log
            when --log is given.
            """,
        options: [
            OptionSpec(name: "--speed", value: "X", help: "run X times faster (0.1 to 1000), for previews and tests"),
            OptionSpec(name: "--log", value: "FILE", help: "append the event stream to FILE as JSON lines"),
            OptionSpec(name: "--sink", value: "SPEC", help: "send events to this sink (repeatable): terminal, log, bell"),
            OptionSpec(name: "--no-bell", value: nil, help: "do not ring the terminal bell"),
            OptionSpec(name: "--no-prompt", value: nil, help: "no command prompt; the session runs untouched"),
            OptionSpec(name: "--color", value: "WHEN", help: "colour the display: auto (default), always or never"),
        ]
    ) { arguments, environment in
        guard arguments.positionals.count == 1 else {
            return Pacer.usageError(arguments.positionals.isEmpty ? "run needs a workout" : "run takes one workout", hintFor: "run")
        }
        var options = RunOptions()
        if let text = arguments.value("--speed") {
            guard let speed = Double(text), speed >= 0.1, speed <= 1000 else {
                return Pacer.usageError("--speed takes a number from 0.1 to 1000, not '\(text)'", hintFor: "run")
            }
            options.speed = speed
        }
        options.prompt = !arguments.has("--no-prompt")
        guard let color = ColorChoice(rawValue: arguments.value("--color") ?? "auto") else {
            return Pacer.usageError("--color takes auto, always or never", hintFor: "run")
        }
        var names = arguments.all("--sink")
        if names.isEmpty {
            // The bell belongs to a terminal: by default it never rings into a pipe or a file.
            names = ["terminal"] + (arguments.has("--no-bell") || !Output.standard.isTerminal ? [] : ["bell"])
        }
        if arguments.has("--log"), !names.contains("log") { names.append("log") }
        for name in names where !builtInSinks.contains(name) {
            return Pacer.usageError("unknown sink '\(name)': the sinks are \(builtInSinks.joined(separator: ", "))", hintFor: "run",
                                    suggestion: Suggestion.closest(to: name, among: builtInSinks))
        }
        if names.contains("log"), !arguments.has("--log") {
            return Pacer.usageError("the log sink needs --log FILE", hintFor: "run")
        }

        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try WorkoutLoader.load(arguments.positionals[0], library: WorkoutLibrary(environment: environment))
        } catch {
            error.lines.forEach(Output.problem)
            return ExitStatus.failure
        }
        let screen = TerminalScreen()
        var sinks: [(name: String, sink: any Sink)] = []
        for name in names {
            switch name {
            case "terminal":
                sinks.append((name, TerminalSink(screen: screen, color: color, noColor: environment["NO_COLOR"] != nil)))
            case "log":
                do {
                    sinks.append((name, try LogFileSink(path: arguments.value("--log")!)))
                } catch {
                    Output.problem("pacer: \(error)")
                    return ExitStatus.failure
                }
            default:
                if !arguments.has("--no-bell") {
                    sinks.append((name, BellSink(ring: { var output = DescriptorOutput.standardOutput; output.write("\u{07}") })))
                }
            }
        }
        SessionRunner(loaded: loaded, sinks: sinks, screen: screen, options: options, environment: environment).run()
    }
}
