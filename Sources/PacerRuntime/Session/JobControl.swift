import Dispatch
import PacerEngine
import PacerFoundation
import PacerSystem
import Synchronization

/// Ctrl-Z and `fg`: pauses the session, gives the terminal back to the shell and stops; takes the
/// terminal back and redraws when the process continues, in the foreground or later.
final class JobControl: Sendable {
    private let driver: SessionDriver
    private let hub: SinkHub
    private let terminal: SessionTerminal
    private let prompts: [Prompt]
    /// The queue the session's control work runs on, one thing at a time.
    private let control: DispatchQueue
    /// Whether Ctrl-Z stopped the process (so SIGCONT comes from `fg`).
    private let stopped = Atomic<Bool>(false)
    /// Whether the session is ending (a continued process then leaves the terminal alone).
    private let signal: EndingSignal

    init(driver: SessionDriver, hub: SinkHub, terminal: SessionTerminal, prompts: [Prompt], control: DispatchQueue, signal: EndingSignal) {
        self.driver = driver
        self.hub = hub
        self.terminal = terminal
        self.prompts = prompts
        self.control = control
        self.signal = signal
    }

    /// SIGTSTP, on the signal watcher's thread. After the end the control queue may be busy
    /// shutting down (waiting for a plugin): stop at once, as any program would, with the
    /// terminal as it was found.
    func suspend() {
        if driver.isFinished {
            stopSilently()
        } else {
            control.async { [self] in stopProcess() }
        }
    }

    /// SIGCONT, on the signal watcher's thread.
    func continued() {
        control.async { [self] in takeTerminalBack() }
    }

    /// Ctrl-Z: pause, let the sinks show it, give the terminal back and stop until `fg`. A session
    /// that ended meanwhile has nothing to pause, and one the pause ended (no command could ever
    /// resume it: its input has ended) has had its summary: the process stops silently.
    private func stopProcess() {
        guard !driver.isFinished else { return stopSilently() }
        let paused = DispatchSemaphore(value: 0)
        driver.submit(.pause, line: "pause", reply: { _ in }) { paused.signal() }
        paused.wait()
        guard !driver.isFinished else { return stopSilently() }
        hub.drain(timeout: 1)
        for screen in terminal.screens { screen.queue.sync { screen.suspend() } }
        terminal.messages.queue.sync { terminal.messages.printNow("pacer: paused and stopped; 'fg' brings it back") }
        stopped.store(true, ordering: .relaxed)
        SignalWatcher.stopProcess()
    }

    /// Stops as any program would, with the terminal as it was found and not a word: after the
    /// session's summary nothing is said about job control.
    private func stopSilently() {
        TerminalModes.restore()
        SignalWatcher.stopProcess()
    }

    /// After `fg`, or after a stop from outside (`kill -STOP`) that Pacer could not see coming:
    /// take the terminal back and redraw everything. Continued in the background instead, leave
    /// the terminal to the shell until `fg`.
    private func takeTerminalBack() {
        guard TerminalModes.isForeground else {
            prompts.forEach { $0.pauseReading() }
            for screen in terminal.screens { screen.queue.sync { screen.suspend() } }
            // `fg` on a running job sends no signal: look for the terminal coming back.
            control.asyncAfter(deadline: .now() + 0.25) { [self] in
                if !signal.isEnding, !stopped.load(ordering: .relaxed) { takeTerminalBack() }
            }
            return
        }
        let wasStopped = stopped.exchange(false, ordering: .relaxed)
        for screen in terminal.screens { screen.queue.sync { screen.resumeAfterStop() } }
        prompts.forEach { $0.resumeReading() }
        if wasStopped, !driver.isFinished { terminal.messages.print("pacer: paused; type resume (or an empty line) to go on") }
        driver.refresh()
    }
}
