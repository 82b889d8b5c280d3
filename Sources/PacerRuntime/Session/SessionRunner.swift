#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore
import PacerSystem
import Synchronization

/// How a run is set up, from the command line.
public struct RunOptions: Sendable {
    public var speed: Double = 1
    /// Whether to offer the readline prompt when standard input is a terminal.
    public var prompt = true

    public init() {}
}

/// Runs one session from start to end: the driver, the sinks, the command sources, the signals,
/// and a clean terminal at the end whichever way the session ends.
public final class SessionRunner: @unchecked Sendable {
    /// Where the answer to a command goes: back to the source that sent it.
    private enum ReplyRoute {
        /// Printed at the prompt the command was typed at.
        case prompt(Prompt)
        /// Through the sinks that show replies, in order with the event lines (a pipe on stdin).
        case showingSinks
        /// To the plugin that sent it, alone.
        case sink(any Sink)
    }

    private let terminal: SessionTerminal
    private let hub: SinkHub
    private let driver: SessionDriver
    private let sources: [(source: any CommandSource, route: ReplyRoute)]
    private let sourcesRunning: Atomic<Int>
    /// 128 + the signal that is ending the session, or 0.
    private let signalStatus = Atomic<Int32>(0)
    /// Whether Ctrl-Z stopped the process (so SIGCONT comes from `fg`).
    private let stopped = Atomic<Bool>(false)
    private let control = DispatchQueue(label: "pacer.control")
    private let exitStatus = Mutex<Int32>(0)
    private let ended = DispatchSemaphore(value: 0)

    public init(loaded: LoadedWorkout, sinks: [SinkHub.Member], terminal: SessionTerminal, options: RunOptions,
                environment: Environment, clock: any SessionClock = DispatchSessionClock()) {
        self.terminal = terminal
        var sources: [(source: any CommandSource, route: ReplyRoute)] = []
        switch terminal.input {
        case .prompt(let screen):
            let prompt = Prompt(screen: screen, historyFile: environment.stateFolder + "/history")
            sources.append((prompt, .prompt(prompt)))
        case .lines:
            sources.append((LineReader(descriptor: STDIN_FILENO), .showingSinks))
        case .none:
            break
        }
        for member in sinks {
            if let source = member.sink as? any CommandSource { sources.append((source, .sink(member.sink))) }
        }
        self.sources = sources
        sourcesRunning = Atomic(sources.count)
        hub = SinkHub(sinks) { message in terminal.report("pacer: \(message)") }
        let engine = Engine(plan: loaded.plan, speed: options.speed, file: loaded.source.path, wallClock: WallTime.now)
        driver = SessionDriver(engine: engine, hub: hub, clock: clock) { notice in terminal.report(TerminalText(notice)) }
    }

    /// Runs the session to its end and returns the process's exit status: 0, 1 when a recorder
    /// (the log) failed, or 128 + N after signal N.
    public func run() -> Int32 {
        TerminalModes.save()
        terminal.display.outputClosed = { [self] in end(becauseOf: SIGPIPE) }
        SignalWatcher.start { [self] number in handleSignal(number) }
        driver.start { [self] outcome in
            control.async { self.shutDown(outcome) }
        }
        // Commands queue up behind the start, so the first line read already finds the session running.
        startSources()
        ended.wait()
        return exitStatus.withLock { $0 }
    }

    private func startSources() {
        for (source, route) in sources {
            source.start(CommandInbox(
                deliver: { [self] line, completion in handle(line, route: route, completion: completion) },
                finish: { [self] in sourceEnded() }))
        }
        if sources.isEmpty { driver.noMoreInput { [terminal] notice in terminal.report(TerminalText(notice)) } }
    }

    private func sourceEnded() {
        if sourcesRunning.subtract(1, ordering: .relaxed).newValue == 0 {
            driver.noMoreInput { [terminal] notice in terminal.report(TerminalText(notice)) }
        }
    }

    /// Parses a line of input and carries it out; the answer goes back by `route`.
    private func handle(_ line: String, route: ReplyRoute, completion: @escaping @Sendable () -> Void) {
        let send: @Sendable (Reply) -> Void = { [self] reply in self.send(reply, by: route) }
        do {
            driver.submit(try CommandGrammar.parse(line), line: line, reply: send, completion: completion)
        } catch {
            driver.refuse(line: line, message: error.message, reply: send, completion: completion)
        }
    }

    private func send(_ reply: Reply, by route: ReplyRoute) {
        switch route {
        case .prompt(let prompt):
            prompt.show(reply)
        case .showingSinks:
            guard reply.text != nil else { return }
            if hub.showsReplies {
                hub.showReply(reply)
            } else if let text = reply.text {
                terminal.messages.print(TerminalText(lines: text))
            }
        case .sink(let sink):
            hub.sendReply(reply, to: sink)
        }
    }

    // MARK: - Signals

    /// Runs on the signal watcher's thread.
    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT, SIGTERM, SIGHUP:
            if signalStatus.load(ordering: .relaxed) != 0 {
                // A second Ctrl-C while the session is ending: leave at once.
                if number == SIGINT { exitNow(SignalWatcher.exitStatus(for: number)) }
            } else {
                end(becauseOf: number)
            }
        case SIGTSTP:
            // After the end the control queue may be busy shutting down (waiting for a plugin):
            // stop at once, as any program would, with the terminal as it was found.
            if driver.isFinished {
                TerminalModes.restore()
                SignalWatcher.stopProcess()
            } else {
                control.async { [self] in stopProcess() }
            }
        case SIGCONT:
            control.async { [self] in takeTerminalBack() }
        case SIGWINCH:
            for screen in screens { screen.queue.async { screen.relayoutIfLive() } }
            driver.refresh()
        default:
            break
        }
    }

    /// Ends the session as a signal does: `session.end` aborted, exit status 128 + the signal.
    private func end(becauseOf number: Int32) {
        let (exchanged, _) = signalStatus.compareExchange(expected: 0, desired: SignalWatcher.exitStatus(for: number), ordering: .relaxed)
        if exchanged { driver.abort() }
    }

    /// Ctrl-Z: pause, let the sinks show it, give the terminal back and stop until `fg`. A session
    /// that ended meanwhile has nothing to pause: the process stops silently.
    private func stopProcess() {
        guard !driver.isFinished else {
            SignalWatcher.stopProcess()
            return
        }
        let paused = DispatchSemaphore(value: 0)
        driver.submit(.pause, line: "pause", reply: { _ in }) { paused.signal() }
        paused.wait()
        hub.drain(timeout: 1)
        for screen in screens { screen.queue.sync { screen.suspend() } }
        terminal.messages.queue.sync { terminal.messages.printNow("pacer: paused and stopped; 'fg' brings it back") }
        stopped.store(true, ordering: .relaxed)
        SignalWatcher.stopProcess()
    }

    /// After `fg`, or after a stop from outside (`kill -STOP`) that Pacer could not see coming:
    /// take the terminal back and redraw everything. Continued in the background instead, leave
    /// the terminal to the shell until `fg`.
    private func takeTerminalBack() {
        guard TerminalModes.isForeground else {
            prompts.forEach { $0.pauseReading() }
            for screen in screens { screen.queue.sync { screen.suspend() } }
            // `fg` on a running job sends no signal: look for the terminal coming back.
            control.asyncAfter(deadline: .now() + 0.25) { [self] in
                if signalStatus.load(ordering: .relaxed) == 0, !stopped.load(ordering: .relaxed) { takeTerminalBack() }
            }
            return
        }
        let wasStopped = stopped.exchange(false, ordering: .relaxed)
        for screen in screens { screen.queue.sync { screen.resumeAfterStop() } }
        prompts.forEach { $0.resumeReading() }
        if wasStopped { terminal.messages.print("pacer: paused; type resume (or an empty line) to go on") }
        driver.refresh()
    }

    private var prompts: [Prompt] {
        sources.compactMap { $0.source as? Prompt }
    }

    private var screens: [TerminalScreen] { terminal.screens }

    // MARK: - The end

    private func shutDown(_ outcome: SessionOutcome) {
        for (source, _) in sources { source.stop() }
        let closing = hub.close(timeout: 3) { [terminal] names in
            terminal.report("pacer: waiting for the \(names.joined(separator: ", ")) sink to finish writing (Ctrl-C stops waiting)")
        }
        for screen in screens { screen.queue.sync { screen.show([]) } }
        for line in closing.closingLines { terminal.display.print(line) }
        for name in closing.late {
            terminal.display.warn("pacer: the \(name) sink did not finish in time; some of its output may be missing")
        }
        for screen in screens { screen.queue.sync {} }
        TerminalModes.restore()
        let signal = signalStatus.load(ordering: .relaxed)
        let status: Int32 = outcome == .aborted && signal != 0 ? signal : (closing.failedRecorders.isEmpty ? 0 : 1)
        exitStatus.withLock { $0 = status }
        ended.signal()
    }

    /// A second Ctrl-C: put the terminal back and leave at once.
    private func exitNow(_ status: Int32) -> Never {
        TerminalModes.restore()
        _exit(status)
    }
}
