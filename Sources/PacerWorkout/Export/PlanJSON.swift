import PacerFoundation

/// The expanded plan as JSON for scripts (`pacer show --json`): the workout's name, its planned
/// seconds, its planned load, and one object per phase, a line each; the shape is documented in
/// docs/show-json.md.
public struct PlanJSON: Sendable {
    public let plan: Plan

    public init(_ plan: Plan) {
        self.plan = plan
    }

    /// The whole document, ending in a line break.
    public var text: String {
        var head = JSONObjectWriter()
        head.add("name", quoted: plan.workoutName)
        head.add("planned", plan.planned)
        if let load = PlannedLoad(plan: plan) { head.add("load", raw: load.json) }
        let opening = head.text.dropLast() + ",\"phases\":["
        let phases = plan.phases.indices.map { phase($0) }
        return opening + (phases.isEmpty ? "" : "\n" + phases.joined(separator: ",\n") + "\n") + "]}\n"
    }

    /// One phase: where it starts, how long it lasts, its round, what is logged and what is announced.
    public func phase(_ index: Int) -> String {
        let phase = plan.phases[index]
        var object = JSONObjectWriter()
        object.add("index", raw: String(index + 1))
        object.add("kind", quoted: phase.kind.rawValue)
        object.add("name", quoted: phase.name)
        object.add("exercise", raw: phase.exercise.map(JSONText.quoted) ?? "null")
        object.add("start", plan.startOffsets[index])
        object.add("duration", raw: phase.duration.map { Decimal3($0.milliseconds).text } ?? "null")
        if let cap = phase.cap { object.add("cap", cap) }
        if phase.isOpen { object.add("open", raw: "true") }
        if let target = phase.target { object.add("target", target) }
        if let distance = phase.distance { object.add("distance", quoted: distance) }
        if let metres = phase.distanceMetres { object.add("distance_m", raw: JSONText.number(metres)) }
        phase.targets.add(to: &object)
        if let round = phase.round, let rounds = phase.rounds {
            object.add("round", raw: String(round))
            object.add("rounds", raw: String(rounds))
        }
        if let reps = phase.reps { object.add("reps", raw: String(reps)) }
        if let weight = phase.weight { object.add("weight", raw: weight.json) }
        if let cue = phase.cue { object.add("cue", quoted: cue) }
        // What the engine announces in the phase run as planned: its cues, the halfway call, an open step's target.
        let cues = phase.announcements(workoutHalfway: plan.halfway).filter { announcement in
            phase.limit.map { announcement.offset < $0 } ?? true
        }.map { announcement in
            var written = JSONObjectWriter()
            written.add("at", announcement.offset)
            written.add("text", quoted: announcement.text)
            return written.text
        }
        object.add("cues", raw: "[" + cues.joined(separator: ",") + "]")
        return object.text
    }
}
