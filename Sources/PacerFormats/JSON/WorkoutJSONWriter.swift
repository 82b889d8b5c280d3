import PacerFoundation
import PacerWorkout

/// Writes a workout as a format-1 workout file, laid out as `pacer fmt` lays one out, so that the
/// decoder reads back the same workout and `pacer fmt` changes nothing.
public enum WorkoutJSONWriter {
    /// The file's text, ending in a line break.
    public static func text(of workout: Workout) throws(UnwritableWorkout) -> String {
        var fields = ["\"pacer\":1", "\"name\":" + JSONText.quoted(workout.name)]
        if let description = workout.description { fields.append("\"description\":" + JSONText.quoted(description)) }
        if !workout.tags.isEmpty { fields.append("\"tags\":[" + workout.tags.map(JSONText.quoted).joined(separator: ",") + "]") }
        if workout.countdown != 3 { fields.append("\"countdown\":\(workout.countdown)") }
        if workout.halfway { fields.append("\"halfway\":true") }
        fields.append("\"steps\":" + (try steps(workout.steps, path: "steps")))
        let compact = "{" + fields.joined(separator: ",") + "}"
        guard let root = try? JSONParser.parse(Array(compact.utf8)) else {
            throw UnwritableWorkout(path: "", reason: "it could not be written as JSON")
        }
        return WorkoutLayout.text(of: root)
    }

    private static func steps(_ steps: [Step], path: String) throws(UnwritableWorkout) -> String {
        var written: [String] = []
        for (index, step) in steps.enumerated() {
            written.append(try self.step(step, path: "\(path)[\(index)]"))
        }
        return "[" + written.joined(separator: ",") + "]"
    }

    private static func step(_ step: Step, path: String) throws(UnwritableWorkout) -> String {
        switch step {
        case .timed(let timed):
            return try self.timed(timed, path: path)
        case .repeated(let block) where block.items == nil && block.timeCap == nil:
            var fields = ["\"repeat\":\(block.count)"]
            if let name = block.name { fields.append("\"name\":" + JSONText.quoted(name)) }
            if let rest = block.restBetweenRounds { fields.append("\"rest_between_rounds\":" + JSONText.quoted(duration(rest))) }
            fields.append("\"steps\":" + (try steps(block.steps, path: path + ".steps")))
            return "{" + fields.joined(separator: ",") + "}"
        case .amrap(let block):
            var fields = ["\"amrap\":" + JSONText.quoted(duration(block.length))]
            if let name = block.name { fields.append("\"name\":" + JSONText.quoted(name)) }
            fields.append("\"steps\":" + (try steps(block.steps, path: path + ".steps")))
            return "{" + fields.joined(separator: ",") + "}"
        case .repeated, .reps, .circuit, .emom:
            throw UnwritableWorkout(path: path, reason: "only timed steps, plain repeats and AMRAPs are written so far")
        }
    }

    private static func timed(_ step: TimedStep, path: String) throws(UnwritableWorkout) -> String {
        var fields = [JSONText.quoted(step.kind.rawValue) + ":" + (step.duration.map { perRound($0) { JSONText.quoted(duration($0)) } } ?? "\"open\"")]
        let texts: [(String, PerRound<String>?)] = [("name", step.name), ("exercise", step.exercise), ("distance", step.distance)]
        for (key, value) in texts {
            if let value { fields.append("\"\(key)\":" + perRound(value, JSONText.quoted)) }
        }
        if let target = step.target { fields.append("\"target\":" + JSONText.quoted(duration(target))) }
        if let power = step.targets.power { fields.append("\"power\":" + (try perRound(power, path: path) { target throws(UnwritableWorkout) in try text(of: target, path: path) })) }
        if let heartRate = step.targets.heartRate { fields.append("\"heart_rate\":" + perRound(heartRate) { JSONText.quoted(text(of: $0)) }) }
        if let pace = step.targets.pace { fields.append("\"pace\":" + (try perRound(pace, path: path) { target throws(UnwritableWorkout) in try text(of: target, path: path) })) }
        if let cadence = step.targets.cadence { fields.append("\"cadence\":" + perRound(cadence) { JSONText.quoted(values($0.span.start) + " rpm") }) }
        if let halfway = step.halfway { fields.append("\"halfway\":" + (halfway ? "true" : "false")) }
        if let cue = step.cue { fields.append("\"cue\":" + perRound(cue, JSONText.quoted)) }
        if !step.cues.isEmpty {
            fields.append("\"cues\":[" + step.cues.map { cue in
                "{\"at\":" + JSONText.quoted(cueTime(cue.at)) + ",\"text\":" + JSONText.quoted(cue.text) + (cue.round.map { ",\"round\":\($0)" } ?? "") + "}"
            }.joined(separator: ",") + "]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    // MARK: - Values

    /// A duration as a file writes it: `45s`, `5m`, `1h2m30s`, `12.5s`.
    static func duration(_ duration: WorkoutDuration) -> String {
        let milliseconds = duration.milliseconds
        let (hours, minutes, seconds) = (milliseconds / 3_600_000, milliseconds % 3_600_000 / 60_000, milliseconds % 60_000)
        var text = (hours > 0 ? "\(hours)h" : "") + (minutes > 0 ? "\(minutes)m" : "")
        if seconds > 0 || text.isEmpty { text += JSONText.number(Double(seconds) / 1000) + "s" }
        return text
    }

    private static func cueTime(_ time: CueTime) -> String {
        switch time {
        case .afterStart(let offset): duration(offset)
        case .share(let share): JSONText.number(share * 100) + "%"
        case .beforeEnd(let before): "-" + duration(before)
        }
    }

    private static func perRound<Value>(_ value: PerRound<Value>, _ write: (Value) -> String) -> String {
        switch value {
        case .same(let one): write(one)
        case .perRound(let values): "[" + values.map(write).joined(separator: ",") + "]"
        }
    }

    private static func perRound<Value>(_ value: PerRound<Value>, path: String, _ write: (Value) throws(UnwritableWorkout) -> String) throws(UnwritableWorkout) -> String {
        var written: [String] = []
        for one in value.values { written.append(JSONText.quoted(try write(one))) }
        return value.variesByRound ? "[" + written.joined(separator: ",") + "]" : written[0]
    }

    /// `88` or `88-94`.
    private static func values(_ range: TargetRange) -> String {
        range.isSingle ? JSONText.number(range.low) : JSONText.number(range.low) + "-" + JSONText.number(range.high)
    }

    /// A held span as its values, a ramp between single values as `ramp A-B`.
    private static func values(_ span: TargetSpan, path: String) throws(UnwritableWorkout) -> String {
        guard span.isRamp else { return values(span.start) }
        guard span.start.isSingle, span.end.isSingle else {
            throw UnwritableWorkout(path: path, reason: "a ramp between two ranges has no written form")
        }
        return "ramp " + JSONText.number(span.start.low) + "-" + JSONText.number(span.end.low)
    }

    private static func text(of power: PowerTarget, path: String) throws(UnwritableWorkout) -> String {
        switch power {
        case .freeRide: "free"
        case .target(.zone, let span): "Z" + JSONText.number(span.start.low)
        case .target(.ftp, let span): try values(span, path: path) + "%"
        case .target(.watts, let span): try values(span, path: path) + " W"
        }
    }

    private static func text(of pace: PaceTarget, path: String) throws(UnwritableWorkout) -> String {
        switch pace.unit {
        case .zone: return "Z" + JSONText.number(pace.span.start.low)
        case .threshold: return values(pace.span.start) + "%"
        case .perKilometre, .perMile, .per100Metres:
            let clocks = [pace.span.start.low, pace.span.start.high].map { seconds -> String in
                let whole = Int(seconds.rounded())
                return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
            }
            let per = ["s/km": "/km", "s/mi": "/mi", "s/100m": "/100m"][pace.unit.rawValue] ?? ""
            return (pace.span.start.isSingle ? clocks[0] : clocks.joined(separator: "-")) + per
        }
    }

    private static func text(of heartRate: HeartRateTarget) -> String {
        switch heartRate.unit {
        case .zone: "Z" + JSONText.number(heartRate.span.start.low)
        case .bpm: values(heartRate.span.start) + " bpm"
        case .lthr: values(heartRate.span.start) + "% LTHR"
        case .max: values(heartRate.span.start) + "% max"
        }
    }
}

/// A workout the JSON writer cannot write, the step that stops it and why.
public struct UnwritableWorkout: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { path.isEmpty ? reason : "at \(path): \(reason)" }
}
