import PacerFoundation
import PacerWorkout

extension Snapshot {
    /// What `command` did, in one line for whoever sent it, read from the session as it is now
    /// (`self`) and as it was before (`before`): `skipped Work: Rest, 0:10 left`, `Work lengthened
    /// by 30s: 1:12 left`. Nil for a command whose answer is its own (`status`, `help`, `measure`) or that
    /// ends the session (its summary is the last word), and for a command this does not name: its
    /// answer is the engine's (`Engine.answer(to:at:)`), so that a new command needs no line here.
    public func outcome(of command: Command, from before: Snapshot) -> String? {
        switch command {
        case .pause: "paused: \(now)"
        case .resume: "resumed: \(now)"
        case .togglePause: paused ? "paused: \(now)" : "resumed: \(now)"
        case .skip: "skipped \(before.phase.name): \(now)"
        case .back: "back to \(now)"
        case .restart: "restarted \(now)"
        case .extend(let milliseconds):
            "\(before.phase.name) \(milliseconds < 0 ? "shortened" : "lengthened") by \(WorkoutDuration(milliseconds: abs(milliseconds)).spoken)"
                + (index == before.index ? ": \(left)" : ", so it ended: \(now)")
        case .done: "done with \(before.phase.name): \(now)"
        default: nil
        }
    }

    /// The phase now and its time: `Rest, 0:10 left`, `Squats, say done when finished`.
    private var now: String { "\(phase.name), \(left)" }

    private var left: String { remaining.map { "\($0.clock) left" } ?? "say done when finished" }
}
