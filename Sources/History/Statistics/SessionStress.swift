import PacerFoundation

/// A session's training stress score (TSS): from the power measured when it was measured with an
/// FTP known, else from the plan's power targets for the part of the planned time that was done.
public struct SessionStress: Sendable, Equatable {
    public let score: Double
    /// Whether `score` is from measured power; false: from the plan.
    public let isMeasured: Bool

    public init(score: Double, isMeasured: Bool) {
        self.score = score
        self.isMeasured = isMeasured
    }

    /// The measured score when there is one; else the planned one times the share of the planned
    /// time done (at most all of it); nil with neither.
    public init?(measured: Double?, planned: Double?, active: WorkoutDuration, plannedTime: WorkoutDuration) {
        if let measured {
            self.init(score: measured, isMeasured: true)
        } else if let planned, plannedTime > .zero {
            self.init(score: planned * min(1, active.seconds / plannedTime.seconds), isMeasured: false)
        } else {
            return nil
        }
    }
}
