import PacerFoundation
import PacerWorkout

extension Event {
    /// The event as one line of the JSON-lines stream, without the trailing newline.
    public var jsonLine: String {
        var object = JSONObjectWriter()
        object.add("event", quoted: name)
        object.add("t", raw: Self.seconds(t))
        if let due { object.add("due", raw: Self.seconds(due)) }
        switch payload {
        case .sessionStart(let start):
            object.add("workout", quoted: start.workout)
            object.add("file", quoted: start.file)
            object.add("phases", raw: String(start.phases))
            object.add("planned", start.planned)
            object.add("wall", quoted: start.wall.iso8601)
            object.add("speed", raw: JSONText.number(start.speed))
            if let profile = start.plan?.profileJSON { object.add("profile", raw: profile) }
        case .phaseStart(let start):
            let phase = start.phase
            object.add("index", raw: String(start.index + 1))
            object.add("count", raw: String(start.count))
            object.add("kind", quoted: phase.kind.rawValue)
            object.add("name", quoted: phase.name)
            if let exercise = phase.exercise { object.add("exercise", quoted: exercise) }
            object.add("duration", orNull: phase.duration)
            if phase.isOpen { object.add("open", raw: "true") }
            if let target = phase.target { object.add("target", target) }
            if let distance = phase.distance { object.add("distance", quoted: distance) }
            if let metres = phase.distanceMetres { object.add("distance_m", raw: JSONText.number(metres)) }
            phase.targets.add(to: &object)
            // In an AMRAP or open repeat, the round has no count.
            if let round = phase.round { object.add("round", raw: String(round)) }
            if phase.round != nil, let rounds = phase.rounds { object.add("rounds", raw: String(rounds)) }
            object.add("next", raw: start.next.map { JSONText.quoted($0.name) } ?? "null")
            if let cue = phase.cue { object.add("cue", quoted: cue) }
            if let reps = phase.reps { object.add("reps", raw: String(reps)) }
            if let weight = phase.weight { object.add("weight", raw: weight.json) }
            if let cap = phase.cap { object.add("cap", cap) }
            object.add("planned_after", start.plannedAfter)
        case .countdown(let countdown):
            object.add("index", raw: String(countdown.index + 1))
            object.add("remaining", raw: String(countdown.remaining))
        case .cue(let call):
            object.add("index", raw: String(call.index + 1))
            object.add("text", quoted: call.text)
        case .phaseEnd(let end):
            object.add("index", raw: String(end.index + 1))
            object.add("outcome", quoted: end.outcome.rawValue)
            object.add("active", end.active)
            if let reps = end.reps { object.add("reps", raw: String(reps)) }
            if let weight = end.weight { object.add("weight", raw: weight.json) }
            end.measured.add(to: &object)
        case .sample(let sample):
            object.add("index", raw: String(sample.index + 1))
            object.add("active", sample.active)
            sample.values.add(to: &object)
            if !sample.standing.isEmpty {
                var standing = JSONObjectWriter()
                for channel in MeasuredChannel.allCases {
                    if let placed = sample.standing[channel] { standing.add(channel.rawValue, quoted: placed.rawValue) }
                }
                object.add("standing", raw: standing.text)
            }
        case .pause, .resume:
            if let clock { object.add("index", raw: String(clock.index + 1)) }
        case .extend(let extension_):
            object.add("index", raw: String(extension_.index + 1))
            object.add("by", extension_.by)
        case .back(let jump), .restart(let jump):
            object.add("index", raw: String(jump.index + 1))
        case .blockEnd(let end):
            object.add("kind", quoted: end.kind.rawValue)
            object.add("length", orNull: end.length)
            if let rounds = end.rounds { object.add("rounds", raw: String(rounds)) }
            object.add("steps", raw: String(end.steps))
            object.add("skipped", raw: String(end.skipped))
            object.add("active", end.active)
            object.add("capped", raw: end.capped ? "true" : "false")
        case .sessionEnd(let end):
            object.add("outcome", quoted: end.outcome.rawValue)
            object.add("active", end.active)
            object.add("paused", end.paused)
            object.add("wall", quoted: end.wall.iso8601)
            Self.add(end.summary, to: &object)
            end.measured.add(to: &object)
        }
        if let clock {
            object.add("elapsed", clock.elapsed)
            object.add("remaining", orNull: clock.remaining)
        }
        return object.text
    }

    /// What the engine counted in the session, as `session.end` carries it.
    static func add(_ summary: SessionSummary, to object: inout JSONObjectWriter) {
        object.add("worked", summary.worked)
        object.add("rested", summary.rested)
        object.add("warmed_up", summary.warmedUp)
        object.add("cooled_down", summary.cooledDown)
        object.add("completed", raw: String(summary.completedPhases))
        object.add("skipped", raw: String(summary.skippedPhases))
        object.add("skipped_time", summary.skippedTime)
        object.add("sets", raw: "[" + summary.sets.map(\.json).joined(separator: ",") + "]")
    }

    /// An instant in seconds with exactly three decimals, as the stream specifies for `t` and `due`.
    static func seconds(_ instant: Instant) -> String {
        Decimal3(instant.milliseconds, fixed: true).text
    }
}

extension SessionSummary.LoggedSet {
    /// The set as a JSON object: `name`, and `reps` and `weight` when logged.
    var json: String {
        var object = JSONObjectWriter()
        object.add("name", quoted: name)
        if let reps { object.add("reps", raw: String(reps)) }
        if let weight { object.add("weight", raw: weight.json) }
        return object.text
    }
}
