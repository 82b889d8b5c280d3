import PacerFoundation
import PacerWorkout

/// The values readers hand to the model, read by the model's own parsers so its limits hold.
enum ImportedValues {
    /// Below this share of FTP a steady step is a rest (Zwift's grey zone, under 60 %).
    static let restBelowPercent = 60.0

    /// A count and its unit, singular for one: `1 minute`, `1.5 minutes`, `9 rounds`.
    static func counted(_ number: Double, _ unit: String) -> String {
        "\(JSONText.number(number)) \(unit)\(number == 1 ? "" : "s")"
    }

    /// A fraction of a threshold (0.88) as a percentage kept to a hundredth (88).
    static func percent(_ fraction: Double) -> Double {
        (fraction * 10_000).rounded() / 100
    }

    /// `88%`, `88-94%`, `ramp 50-75%` (or in ` W`): from `start` to `end`, a range when `range`.
    static func targetText(start: Double, end: Double, unit: String, range: Bool) -> String {
        let (low, high) = (JSONText.number(start), JSONText.number(end))
        if start == end { return low + unit }
        if range { return JSONText.number(min(start, end)) + "-" + JSONText.number(max(start, end)) + unit }
        return "ramp " + low + "-" + high + unit
    }

    /// A power target read by the model; out of its limits, nil with a warning saying so.
    static func power(_ text: String, at position: SourcePosition, notes: inout ImportNotes) -> PowerTarget? {
        target(text, at: position, notes: &notes, kind: "power") { () throws(TargetError) in try PowerTarget(parsing: text) }
    }

    /// A pace target read by the model (a share of threshold pace); out of its limits, nil with a warning.
    static func pace(_ text: String, at position: SourcePosition, notes: inout ImportNotes) -> PaceTarget? {
        target(text, at: position, notes: &notes, kind: "pace") { () throws(TargetError) in try PaceTarget(parsing: text) }
    }

    /// A heart-rate target read by the model; out of its limits, nil with a warning.
    static func heartRate(_ text: String, at position: SourcePosition, notes: inout ImportNotes) -> HeartRateTarget? {
        target(text, at: position, notes: &notes, kind: "heart-rate") { () throws(TargetError) in try HeartRateTarget(parsing: text) }
    }

    /// A cadence target read by the model; out of its limits, nil with a warning.
    static func cadence(_ text: String, at position: SourcePosition, notes: inout ImportNotes) -> CadenceTarget? {
        target(text, at: position, notes: &notes, kind: "cadence") { () throws(TargetError) in try CadenceTarget(parsing: text) }
    }

    /// A target of `kind` made by `make` (from text or numbers); out of the model's limits, nil with
    /// a warning that shows it as `text` (`88-94%`), made only then.
    static func target<Target>(
        _ text: @autoclosure () -> String, at position: SourcePosition, notes: inout ImportNotes, kind: String,
        make: () throws(TargetError) -> Target
    ) -> Target? {
        do {
            return try make()
        } catch {
            notes.warn(position, "the \(kind) target \(text()) cannot be kept (\(error.description)): the step has none")
            return nil
        }
    }

    /// A name or cue as the model takes it: one line, spaces collapsed, and without the braces of
    /// `{round}` or `{item}`, which would mean something to pacer; nil when nothing is left.
    static func label(_ text: String) -> String? {
        let line = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !line.isEmpty else { return nil }
        guard line.mentionsRound || line.mentionsItem else { return line }
        return String(line.map { $0 == "{" ? "(" : $0 == "}" ? ")" : $0 })
    }

    /// A plain number as written for a target (`0.88`, `90`); nil for anything else, or one too
    /// large for any target (which would print in exponent form).
    static func number(_ text: String) -> Double? {
        text.trimmingSpaces().decimalValue.flatMap { $0 < 1_000_000 ? $0 : nil }
    }

    /// Seconds as written in a file (`300`, `12.5`) as a duration; nil when not a positive length pacer can hold.
    static func seconds(_ text: String) -> WorkoutDuration? {
        guard let seconds = text.trimmingSpaces().decimalValue else { return nil }
        return try? WorkoutDuration.fromSeconds(seconds)
    }

    /// Why `seconds` cannot be a step's length, to follow the value as written in a message.
    static func lengthProblem(seconds: Double, _ error: WorkoutDuration.ParseError) -> String {
        switch error {
        case .tooLong: "is longer than a step may last (24 hours)"
        case .notPositive where seconds > 0: "is too short for a step, which lasts at least a millisecond"
        case .notPositive, .malformed: "is not a length greater than zero"
        }
    }

    /// An offset into a workout, in seconds as written; one beyond the longest workout is held there
    /// (it falls after the end, and is dropped with a warning).
    static func offset(seconds: Double) -> WorkoutDuration {
        WorkoutDuration(milliseconds: Int64((min(seconds, WorkoutDuration.maximumWorkout.seconds + 1) * 1000).rounded()))
    }

    /// A description as the model takes it: lines without the spaces around them, at most one
    /// blank line between paragraphs; nil when nothing is left.
    static func paragraphs(_ text: String) -> String? {
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let trimmed = String(line).trimmingSpaces()
            if !trimmed.isEmpty || lines.last?.isEmpty == false { lines.append(trimmed) }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Metres as a distance label: `400 m`, `1.5 km`.
    static func distance(metres: Double) -> String {
        metres < 1000 ? JSONText.number(metres.rounded()) + " m" : JSONText.number((metres / 10).rounded() / 100) + " km"
    }
}
