extension Event {
    /// The event as one line of the JSON-lines stream, without the trailing newline.
    public var jsonLine: String {
        var fields: [(String, String)] = [("event", JSONText.quoted(name)), ("t", seconds(t))]
        if let due { fields.append(("due", seconds(due))) }
        switch payload {
        case let .sessionStart(workout, file, phases, planned, wall, speed):
            fields += [("workout", JSONText.quoted(workout)), ("file", JSONText.quoted(file)), ("phases", String(phases)),
                       ("planned", Decimal3(planned.milliseconds).text), ("wall", JSONText.quoted(wall)), ("speed", JSONText.number(speed))]
        case let .phaseStart(index, count, phase, next):
            fields += [("index", String(index)), ("count", String(count)), ("kind", JSONText.quoted(phase.kind.rawValue)),
                       ("name", JSONText.quoted(phase.name)), ("duration", phase.duration.map { Decimal3($0.milliseconds).text } ?? "null")]
            if let round = phase.round, let rounds = phase.rounds {
                fields += [("round", String(round)), ("rounds", String(rounds))]
            }
            fields.append(("next", next.map(JSONText.quoted) ?? "null"))
            if let cue = phase.cue { fields.append(("cue", JSONText.quoted(cue))) }
            if let reps = phase.reps { fields.append(("reps", String(reps))) }
            if let weight = phase.weight { fields.append(("weight", Self.json(weight))) }
            if let cap = phase.cap { fields.append(("cap", Decimal3(cap.milliseconds).text)) }
        case let .countdown(index, remaining):
            fields += [("index", String(index)), ("remaining", String(remaining))]
        case let .cue(index, text):
            fields += [("index", String(index)), ("text", JSONText.quoted(text))]
        case let .phaseEnd(index, outcome, active, reps, weight):
            fields += [("index", String(index)), ("outcome", JSONText.quoted(outcome.rawValue)), ("active", Decimal3(active.milliseconds).text)]
            if let reps { fields.append(("reps", String(reps))) }
            if let weight { fields.append(("weight", Self.json(weight))) }
        case .pause, .resume:
            break
        case let .extend(index, by):
            fields += [("index", String(index)), ("by", Decimal3(by.milliseconds).text)]
        case let .back(index), let .restart(index):
            fields.append(("index", String(index)))
        case let .sessionEnd(outcome, active, paused, wall):
            fields += [("outcome", JSONText.quoted(outcome.rawValue)), ("active", Decimal3(active.milliseconds).text),
                       ("paused", Decimal3(paused.milliseconds).text), ("wall", JSONText.quoted(wall))]
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An instant in seconds with exactly three decimals, as the stream specifies for `t` and `due`.
    private func seconds(_ instant: Instant) -> String {
        let milliseconds = (instant + (instant >= 0 ? 500_000 : -500_000)) / 1_000_000
        return Decimal3(milliseconds, fixed: true).text
    }

    private static func json(_ weight: Weight) -> String {
        switch weight {
        case .number(let value): JSONText.number(value)
        case .text(let text): JSONText.quoted(text)
        }
    }
}
