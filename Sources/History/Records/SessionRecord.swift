import PacerEngine
import PacerFoundation

/// A recorded session as the history reads it back.
public struct SessionRecord: Sendable {
    /// The session's number in the history (`pacer history show ID`).
    public var id: Int64
    public var workout: String
    public var file: String
    public var started: WallTime
    /// Nil while running, or forever if the session was interrupted (killed, crashed).
    public var ended: WallTime?
    /// Nil when the end was never written: shown as running or interrupted.
    public var outcome: SessionOutcome?
    /// Whether the process recording it still runs (so no end yet is no interruption).
    public var isRunning: Bool
    public var planned: WorkoutDuration
    /// From the session's end, or the sum of the phases recorded when it has none.
    public var active: WorkoutDuration
    public var paused: WorkoutDuration?
    public var speed: Double
    /// Rep steps with their reps logged.
    public var setsLogged: Int
    /// The phases, in the order they ended; empty unless asked for.
    public var phases: [PhaseRecord]
    /// The athlete's FTP the session ran with, in watts; nil: unknown.
    public var ftp: Double?
    /// Its training stress, measured or planned; nil when neither is known.
    public var stress: SessionStress?
    /// What was measured over the whole session; nil when nothing was.
    public var measured: MeasuredRecord?
    /// The pauses, in order; empty unless the phases were asked for.
    public var pauses: [PauseRecord] = []

    /// `completed`, `quit`, `aborted`; with no end written, `running` while its recorder runs,
    /// else `interrupted`.
    public var outcomeText: String { SessionOverview.outcomeText(outcome, isRunning: isRunning) }
}
