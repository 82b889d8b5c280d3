import PacerWorkout

/// A plan in a few words: `24 phases, 8m planned (+3 rep steps)`.
public struct PlanSummary {
    public let text: String

    public init(_ plan: Plan) {
        let repSteps = plan.plannedByKind.first { $0.kind == .reps }?.count ?? 0
        var text = "\(plan.phases.count) phase\(plan.phases.count == 1 ? "" : "s"), \(plan.planned.spoken)"
        if repSteps > 0 { text += " + \(repSteps) rep step\(repSteps == 1 ? "" : "s")" }
        let openSteps = plan.phases.indices.count { plan.phases[$0].isOpen } // a field each, no phase copied
        if openSteps > 0 { text += " + \(openSteps) open step\(openSteps == 1 ? "" : "s")" }
        self.text = text
    }
}
