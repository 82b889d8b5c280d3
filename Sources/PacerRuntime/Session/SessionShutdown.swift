import Dispatch
import PacerEngine
import PacerFoundation
import PacerSystem

/// The end of a session, whichever way it ends: the sources stopped, the sinks closed (waiting a
/// little for recorders, saying so), the display cleared, the terminal as it was found.
struct SessionShutdown {
    let router: CommandRouter
    let hub: SinkHub
    let terminal: SessionTerminal

    /// How long the sinks get to finish writing.
    static let patience = 3.0

    /// Closes everything and returns the exit status: 128 + the signal that ended the session,
    /// 1 when a recorder failed, else 0.
    func run(_ outcome: SessionOutcome, signalStatus: Int32) -> Int32 {
        if signalStatus != 0 { resumeStoppedOutput() }
        router.stop()
        let closing = hub.close(timeout: Self.patience) { [terminal] names in
            terminal.report("pacer: waiting for the \(names.joined(separator: ", ")) sink to finish writing (Ctrl-C stops waiting)")
        }
        for screen in terminal.screens { screen.queue.sync { screen.show([]) } }
        for line in closing.closingLines { terminal.display.print(line) }
        for name in closing.late {
            terminal.display.warn("pacer: the \(name) sink did not finish in time; some of its output may be missing")
        }
        for screen in terminal.screens { screen.queue.sync {} }
        TerminalModes.restore()
        if outcome == .aborted && signalStatus != 0 { return signalStatus }
        return closing.failedRecorders.isEmpty ? 0 : 1
    }

    /// Restarts the output of the screens' terminals if the user stopped it (Ctrl-S), so that a
    /// session a signal ends puts the screen back and exits instead of waiting on a frame's write
    /// for a Ctrl-Q that may never come. Only from the foreground.
    private func resumeStoppedOutput() {
        guard TerminalModes.isForeground else { return }
        for screen in terminal.screens { TerminalModes.resumeStoppedOutput(of: screen.output.descriptor) }
    }
}
