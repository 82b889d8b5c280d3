/// What a stretch of a plan asks of the rider's power.
public enum PlannedPower: Sendable, Equatable {
    /// A power target, from `start` at the stretch's start to `end` at its end (the same unless it
    /// ramps), on its profile's scale; a range counts as its midpoint.
    case target(start: Double, end: Double)
    /// A free ride (`"power": "free"`): ride as you like.
    case freeRide
    /// No power target: a step without one (a rest, a heart-rate step), or a watts target that
    /// cannot be put on a percent-of-FTP scale without FTP.
    case noTarget

    /// The planned power `fraction` of the way through the stretch; nil without a target.
    func value(at fraction: Double) -> Double? {
        guard case .target(let start, let end) = self else { return nil }
        return start + (end - start) * fraction
    }
}
