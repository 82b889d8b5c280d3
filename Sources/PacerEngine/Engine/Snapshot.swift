import PacerFoundation
import PacerWorkout

/// Where a session stands at one moment: what displays and `status` show.
public struct Snapshot: Sendable {
    /// 0-based index of the current phase.
    public let index: Int
    public let count: Int
    public let phase: Phase
    public let next: Phase?
    /// How long the current phase lasts now (extensions included); nil for an uncapped rep step.
    public let limit: WorkoutDuration?
    public let elapsed: WorkoutDuration
    public let remaining: WorkoutDuration?
    /// Planned time left in the whole session (rep steps not counted).
    public let sessionRemaining: WorkoutDuration
    /// Time the session has been running, pauses excluded.
    public let sessionActive: WorkoutDuration
    public let paused: Bool
    public let state: Engine.State
    /// The values the sensors sent that are still current.
    public let measured: MeasuredValues

    /// One line for the `status` command.
    public var statusLine: String {
        var parts = ["\(phase.name) (\(phase.kind.rawValue), phase \(index + 1)/\(count))"]
        if let label = phase.roundLabel { parts.append(label) }
        if let remaining {
            parts.append("\(remaining.clock) left in phase")
        } else {
            parts.append("\(elapsed.clock) so far" + (phase.target.map { " of a \($0.clock) target" } ?? "") + ", say done when finished")
        }
        parts.append("\(sessionRemaining.clock) left in session")
        if paused { parts.append("PAUSED") }
        return parts.joined(separator: ", ")
    }
}
