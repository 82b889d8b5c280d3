import PacerFoundation

/// Writes a `Workout` back out as the JSON value of a format-1 workout file, every step kind,
/// target and cue included, keys in the order `pacer fmt` lays them out: the decoder reads back
/// the same workout, and `WorkoutLayout` lays the value out as `pacer fmt` does.
///
/// What the decoder takes when a key is missing is left out (`countdown` 3, `halfway` false, a
/// circuit's one round), so a file written by it holds only what the workout says.
public enum WorkoutEncoder {
    /// The workout as a file's JSON value.
    public static func encode(_ workout: Workout) throws(UnwritableWorkout) -> JSONValue {
        var members = [member("pacer", .number(Double(WorkoutDecoder.formatVersion))), member("name", .string(workout.name))]
        if let description = workout.description { members.append(member("description", .string(description))) }
        if !workout.tags.isEmpty { members.append(member("tags", .array(workout.tags.map(string)))) }
        if workout.countdown != 3 { members.append(member("countdown", .number(Double(workout.countdown)))) }
        if workout.halfway { members.append(member("halfway", .bool(true))) }
        members.append(member("steps", try steps(workout.steps, path: "steps")))
        return value(object(members, context: .workout))
    }

    /// The workout file's text, laid out as `pacer fmt` lays one out, ending in a line break.
    public static func text(of workout: Workout) throws(UnwritableWorkout) -> String {
        WorkoutLayout.text(of: try encode(workout))
    }

    /// A duration as a file writes it: `45s`, `5m`, `1h2m30s`, `12.5s`.
    public static func duration(_ duration: WorkoutDuration) -> String {
        let milliseconds = duration.milliseconds
        let (hours, minutes, seconds) = (milliseconds / 3_600_000, milliseconds % 3_600_000 / 60_000, milliseconds % 60_000)
        var text = (hours > 0 ? "\(hours)h" : "") + (minutes > 0 ? "\(minutes)m" : "")
        if seconds > 0 || text.isEmpty { text += Decimal3(seconds).text + "s" }
        return text
    }

    // MARK: - Steps

    private static func steps(_ steps: [Step], path: String) throws(UnwritableWorkout) -> JSONValue.Content {
        var written: [JSONValue] = []
        written.reserveCapacity(steps.count)
        for (index, step) in steps.enumerated() {
            written.append(value(try self.step(step, path: "\(path)[\(index)]")))
        }
        return .array(written)
    }

    private static func step(_ step: Step, path: String) throws(UnwritableWorkout) -> JSONValue.Content {
        var members: [JSONValue.Member]
        switch step {
        case .timed(let timed):
            members = [member(timed.kind.rawValue, timed.duration.map { perRound($0, durationValue) } ?? .string(WorkoutDecoder.openValue))]
            add(&members, "name", timed.name, string)
            add(&members, "exercise", timed.exercise, string)
            add(&members, "distance", timed.distance, string)
            add(&members, "target", timed.target, durationValue)
            members += try targets(timed.targets, path: path)
            add(&members, "halfway", timed.halfway) { value(.bool($0)) }
            add(&members, "cue", timed.cue, string)
            add(&members, "cues", timed.cues)
        case .reps(let rep):
            members = [member("reps", perRound(rep.reps) { value(.number(Double($0))) }), member("name", perRound(rep.name, string))]
            add(&members, "exercise", rep.exercise, string)
            add(&members, "weight", rep.weight, weight)
            add(&members, "cap", rep.cap, durationValue)
            add(&members, "cue", rep.cue, string)
            add(&members, "cues", rep.cues)
        case .repeated(let block):
            members = [block.items.map { member("for", .array($0.map(string))) } ?? member("repeat", .number(Double(block.count)))]
            add(&members, "name", block.name, string)
            add(&members, "time_cap", block.timeCap, durationValue)
            add(&members, "rest_between_rounds", block.restBetweenRounds, durationValue)
            members.append(member("steps", try steps(block.steps, path: path + ".steps")))
        case .circuit(let circuit):
            var exercises: [JSONValue] = []
            for (index, exercise) in circuit.exercises.enumerated() {
                exercises.append(value(try self.exercise(exercise, path: "\(path).circuit[\(index)]")))
            }
            members = [member("circuit", .array(exercises)), member("work", durationValue(circuit.work).content)]
            add(&members, "rest", circuit.rest, durationValue)
            if circuit.rounds != 1 { members.append(member("rounds", .number(Double(circuit.rounds)))) }
            add(&members, "rest_between_rounds", circuit.restBetweenRounds, durationValue)
        case .emom(let block):
            members = [member("every", durationValue(block.every).content), member("rounds", .number(Double(block.rounds)))]
            add(&members, "name", block.name, string)
            members.append(member("steps", try steps(block.steps, path: path + ".steps")))
        case .amrap(let block):
            members = [
                block.length.map { member("amrap", durationValue($0).content) } ?? member("repeat", .string(WorkoutDecoder.openValue))
            ]
            add(&members, "name", block.name, string)
            members.append(member("steps", try steps(block.steps, path: path + ".steps")))
        }
        return object(members, context: .step)
    }

    /// An exercise of a circuit: its name alone when it overrides nothing, else an object.
    private static func exercise(_ exercise: Exercise, path: String) throws(UnwritableWorkout) -> JSONValue.Content {
        var members = [member("name", .string(exercise.name))]
        add(&members, "exercise", exercise.exercise, string)
        add(&members, "work", exercise.work, durationValue)
        members += try targets(exercise.targets, path: path)
        add(&members, "halfway", exercise.halfway) { value(.bool($0)) }
        add(&members, "cue", exercise.cue, string)
        add(&members, "cues", exercise.cues)
        return members.count == 1 ? .string(exercise.name) : object(members, context: .exercise)
    }

    /// `"power"`, `"heart_rate"`, `"pace"` and `"cadence"`, each where set.
    private static func targets(_ targets: WrittenTargets, path: String) throws(UnwritableWorkout) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        try add(&members, "power", targets.power, path: path, \.writtenText)
        try add(&members, "heart_rate", targets.heartRate, path: path, \.writtenText)
        try add(&members, "pace", targets.pace, path: path, \.writtenText)
        try add(&members, "cadence", targets.cadence, path: path, \.writtenText)
        return members
    }

    // MARK: - Values

    /// Adds `key` when `value` is set, each round's value written by `write`.
    private static func add<Value>(
        _ members: inout [JSONValue.Member], _ key: String, _ value: PerRound<Value>?, _ write: (Value) -> JSONValue
    ) {
        if let value { members.append(member(key, perRound(value, write))) }
    }

    /// Adds `key` when `value` is set.
    private static func add<Value>(_ members: inout [JSONValue.Member], _ key: String, _ value: Value?, _ write: (Value) -> JSONValue) {
        if let value { members.append(member(key, write(value).content)) }
    }

    /// Adds a target's text, or one per round; a target without a written form stops the writing.
    private static func add<Target>(
        _ members: inout [JSONValue.Member], _ key: String, _ value: PerRound<Target>?, path: String, _ text: (Target) -> String?
    ) throws(UnwritableWorkout) {
        guard let value else { return }
        var written: [JSONValue] = []
        for target in value.values {
            guard let one = text(target) else {
                throw UnwritableWorkout(path: "\(path).\(key)", reason: "a ramp between two ranges has no written form")
            }
            written.append(string(one))
        }
        members.append(member(key, value.variesByRound ? .array(written) : written[0].content))
    }

    /// Adds `"cues"` when there are any.
    private static func add(_ members: inout [JSONValue.Member], _ key: String, _ cues: [WrittenCue]) {
        guard !cues.isEmpty else { return }
        members.append(
            member(
                key,
                .array(
                    cues.map { cue in
                        var fields = [member("at", .string(cueTime(cue.at))), member("text", .string(cue.text))]
                        if let round = cue.round { fields.append(member("round", .number(Double(round)))) }
                        return value(object(fields, context: .cue))
                    })))
    }

    private static func perRound<Value>(_ value: PerRound<Value>, _ write: (Value) -> JSONValue) -> JSONValue.Content {
        switch value {
        case .same(let one): write(one).content
        case .perRound(let values): .array(values.map(write))
        }
    }

    /// `"45s"`, `"25%"` of the phase or `"-10s"` before its end; a share in the fewest digits that
    /// read back as the same share (one that no percentage gives, which no file makes, to the nearest).
    private static func cueTime(_ time: CueTime) -> String {
        switch time {
        case .afterStart(let offset): return duration(offset)
        case .beforeEnd(let before): return "-" + duration(before)
        case .share(let share):
            let percent = share * 100
            let shortest = (0...15).lazy.map { digits in
                let scale = (0..<digits).reduce(1.0) { value, _ in value * 10 }
                return NotationWriter.plainNumber((percent * scale).rounded() / scale)
            }.first { ($0.decimalValue ?? .nan) / 100 == share }
            return (shortest ?? NotationWriter.plainNumber(percent)) + "%"
        }
    }

    private static func weight(_ weight: Weight) -> JSONValue {
        switch weight {
        case .number(let number): value(.number(number))
        case .text(let text): string(text)
        }
    }

    private static func durationValue(_ duration: WorkoutDuration) -> JSONValue {
        string(self.duration(duration))
    }

    private static func string(_ text: String) -> JSONValue {
        value(.string(text))
    }

    /// A value made here, not read from a source: it has no offset of its own.
    private static func value(_ content: JSONValue.Content) -> JSONValue {
        JSONValue(content: content, offset: 0)
    }

    private static func member(_ key: String, _ content: JSONValue.Content) -> JSONValue.Member {
        JSONValue.Member(key: key, value: value(content))
    }

    /// An object whose keys are in the order the layout gives an object in `context`.
    private static func object(_ members: [JSONValue.Member], context: WorkoutLayout.Context) -> JSONValue.Content {
        .object(WorkoutLayout.order(members, context: context))
    }
}

/// A workout the encoder cannot write, the step that stops it and why.
public struct UnwritableWorkout: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { path.isEmpty ? reason : "at \(path): \(reason)" }
}
