import Dispatch
import Glibc
import PacerEngine
import PacerFoundation
import PacerSystem
import Synchronization

/// Runs one session from start to end: the driver and the sinks, the command sources (through a
/// `CommandRouter`), the signals (job control through `JobControl`), and a clean terminal at the
/// end whichever way the session ends (`SessionShutdown`).
public final class SessionRunner: Sendable {
    private let terminal: SessionTerminal
    private let hub: SinkHub
    private let driver: SessionDriver
    private let router: CommandRouter
    private let jobs: JobControl
    private let signal = EndingSignal()
    private let control = DispatchQueue(label: "pacer.control")
    /// How the session ended, once it has.
    private let outcome = Mutex<SessionOutcome?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    public init(_ configuration: SessionConfiguration, clock: any SessionClock = MonotonicSessionClock()) {
        let terminal = configuration.terminal
        self.terminal = terminal
        hub = SinkHub(configuration.sinks) { message in terminal.report("pacer: \(message)") }
        let loaded = configuration.workout
        let engine = Engine(plan: loaded.plan, speed: configuration.speed, file: loaded.source.path, wallClock: WallTime.now)
        driver = SessionDriver(engine: engine, hub: hub, clock: clock) { notice in terminal.report(TerminalText(notice)) }
        router = CommandRouter(configuration.commands, driver: driver, hub: hub, terminal: terminal)
        jobs = JobControl(driver: driver, hub: hub, terminal: terminal, prompts: router.prompts, control: control, signal: signal)
    }

    /// Runs the session to its end and returns the process's exit status: 0, 1 when a recorder
    /// (the log) failed, or 128 + N after signal N.
    public func run() -> Int32 {
        TerminalModes.save()
        terminal.display.queue.sync { terminal.display.outputClosed = { [self] in end(becauseOf: SIGPIPE) } }
        SignalWatcher.start { [self] number in handleSignal(number) }
        driver.start { [self] outcome in
            self.outcome.withLock { $0 = outcome }
            ended.signal()
        }
        // The session is running: the first line read already finds it so.
        router.start()
        ended.wait()
        // The end is made on this thread, which has nothing else to do, in turn with the job
        // control's work (a stop or a continue that came first finishes first).
        let outcome = outcome.withLock { $0 } ?? .aborted
        return control.sync {
            SessionShutdown(router: router, hub: hub, terminal: terminal).run(outcome, signalStatus: signal.exitStatus)
        }
    }

    /// Runs on the signal watcher's thread.
    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT, SIGTERM, SIGHUP:
            if signal.isEnding {
                // A second Ctrl-C while the session is ending: leave at once.
                if number == SIGINT { exitNow(SignalWatcher.exitStatus(for: number)) }
            } else {
                end(becauseOf: number)
            }
        case SIGTSTP:
            jobs.suspend()
        case SIGCONT:
            jobs.continued()
        case SIGWINCH:
            for screen in terminal.screens { screen.queue.async { screen.relayoutIfLive() } }
            driver.refresh()
        default:
            break
        }
    }

    /// Ends the session as a signal does: `session.end` aborted, exit status 128 + the signal.
    private func end(becauseOf number: Int32) {
        if signal.claim(SignalWatcher.exitStatus(for: number)) { driver.abort() }
    }

    /// A second Ctrl-C: put the terminal back and leave at once.
    private func exitNow(_ status: Int32) -> Never {
        TerminalModes.restore()
        _exit(status)
    }
}
