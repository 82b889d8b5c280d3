#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore

/// How a run is set up, from the command line.
public struct RunOptions: Sendable {
    public var speed: Double = 1
    /// Whether to offer the readline prompt when standard input is a terminal.
    public var prompt = true

    public init() {}
}

/// Runs one session from start to exit: the driver, the sinks, the input, the signals, and a clean
/// terminal at the end whichever way the session ends.
public final class SessionRunner: @unchecked Sendable {
    private let options: RunOptions
    private let screen: TerminalScreen
    private let environment: Environment
    private let hub: SinkHub
    private let driver: SessionDriver
    private let signals = SignalWatcher()
    /// Whether a sink shows notes (replies), so they keep their place among the event lines.
    private let sinksShowNotes: Bool
    private var prompt: Prompt?
    private var reader: LineReader?
    // Touched only on the main queue.
    private var signalStatus: Int32?
    /// Whether Ctrl-Z stopped the process and the terminal must be taken back when it continues.
    private var stopped = false

    public init(loaded: LoadedWorkout, sinks: [(name: String, sink: any Sink)], screen: TerminalScreen, options: RunOptions, environment: Environment) {
        self.options = options
        self.screen = screen
        self.environment = environment
        hub = SinkHub(sinks) { message in screen.warn("pacer: \(message)") }
        sinksShowNotes = sinks.contains { $0.name == "terminal" }
        let engine = Engine(plan: loaded.plan, speed: options.speed, file: loaded.source.path, wallClock: Clocks.wallTimeISO8601)
        driver = SessionDriver(engine: engine, hub: hub)
    }

    /// Runs the session and exits the process with its status; never returns.
    public func run() -> Never {
        TerminalModes.save()
        screen.outputClosed = { [self] in endBecauseOutputClosed() }
        watchSignals()
        startInput()
        driver.start { [self] outcome in
            DispatchQueue.main.async { self.shutDown(outcome) }
        }
        dispatchMain()
    }

    private func startInput() {
        let handle: @Sendable (String) -> Void = { [self] line in self.handle(line) }
        if isatty(STDIN_FILENO) == 1 {
            guard options.prompt, screen.isTerminal else { return }
            let prompt = Prompt(screen: screen, historyFile: environment.stateFolder + "/history", onLine: handle)
            prompt.start()
            self.prompt = prompt
        } else {
            let reader = LineReader(descriptor: STDIN_FILENO, queue: .main, handler: handle)
            reader.start()
            self.reader = reader
        }
    }

    /// Parses a line of input (from the prompt, a pipe or a plugin) and carries it out.
    public func handle(_ line: String) {
        do {
            let command = try CommandGrammar.parse(line)
            driver.submit(command) { [self] reply in say(reply) }
        } catch {
            say(error.message)
        }
    }

    /// Tells the user something, after whatever the display is still showing.
    private func say(_ text: String) {
        if sinksShowNotes { hub.note(text) } else { screen.print(text) }
    }

    private func watchSignals() {
        signals.watch([SIGINT, SIGTERM, SIGHUP], queue: .main) { [self] number in
            if signalStatus != nil {
                if number == SIGINT { exitNow(SignalWatcher.exitStatus(for: number)) }
                return
            }
            signalStatus = SignalWatcher.exitStatus(for: number)
            driver.abort()
        }
        signals.watch([SIGTSTP], queue: .main) { [self] _ in
            driver.submit(.pause, reply: { _ in }) { [self] in
                hub.drain(timeout: 1)
                DispatchQueue.main.async { [self] in
                    screen.suspend()
                    screen.printNow("pacer: paused and stopped; 'fg' brings it back")
                    stopped = true
                    SignalWatcher.stopProcess()
                }
            }
        }
        signals.watch([SIGCONT], queue: .main) { [self] _ in
            guard stopped else { return }
            stopped = false
            screen.resumeAfterStop()
            driver.refresh()
        }
        signals.watch([SIGWINCH], queue: .main) { [self] _ in
            screen.relayoutIfLive()
            driver.refresh()
        }
    }

    /// The display's reader went away (`pacer run … | head`): end the session as SIGPIPE would,
    /// but cleanly, with `session.end` in the log.
    private func endBecauseOutputClosed() {
        guard signalStatus == nil else { return }
        signalStatus = SignalWatcher.exitStatus(for: SIGPIPE)
        driver.abort()
    }

    private func shutDown(_ outcome: SessionOutcome) {
        prompt?.stop()
        reader?.stop()
        let late = hub.close(timeout: 3)
        screen.queue.async { [self] in
            screen.show([])
            for name in late {
                screen.warn("pacer: the \(name) sink did not finish in time; some of its output may be missing")
            }
            screen.queue.async { self.exitProcess(after: outcome) }
        }
    }

    private func exitProcess(after outcome: SessionOutcome) -> Never {
        TerminalModes.restore()
        exit(outcome == .aborted ? (signalStatus ?? 130) : 0)
    }

    /// A second Ctrl-C: put the terminal back and leave at once.
    private func exitNow(_ status: Int32) -> Never {
        TerminalModes.restore()
        _exit(status)
    }
}
