/// The expanded plan as JSON for scripts (`pacer show --json`): the workout's name, its planned
/// seconds, and one object per phase, a line each; the shape is documented in docs/show-json.md.
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
        if let round = phase.round, let rounds = phase.rounds {
            object.add("round", raw: String(round))
            object.add("rounds", raw: String(rounds))
        }
        if let reps = phase.reps { object.add("reps", raw: String(reps)) }
        if let weight = phase.weight { object.add("weight", raw: weight.json) }
        if let cue = phase.cue { object.add("cue", quoted: cue) }
        let cues = plan.announcedCues(of: phase).map { cue in
            var written = JSONObjectWriter()
            written.add("at", cue.at)
            written.add("text", quoted: cue.text)
            return written.text
        }
        object.add("cues", raw: "[" + cues.joined(separator: ",") + "]")
        return object.text
    }
}

extension Plan {
    /// What is announced during a phase run as planned, in time order: its cues and, when the plan
    /// has `halfway`, the halfway call of a work phase of 10 s or more.
    public func announcedCues(of phase: Phase) -> [Cue] {
        var cues = phase.cues.filter { cue in phase.limit.map { cue.at < $0 } ?? true }
        if let half = halfwayPoint(of: phase) { cues.append(Cue(at: half, text: "Halfway")) }
        return cues.sorted { $0.at < $1.at }
    }

    /// When the halfway call of a phase comes, if it has one.
    public func halfwayPoint(of phase: Phase) -> WorkoutDuration? {
        guard halfway, phase.kind == .work, let duration = phase.duration, duration >= .seconds(10) else { return nil }
        return WorkoutDuration(milliseconds: duration.milliseconds / 2)
    }
}
