/// Why a workout cannot be written as one line of notation.
public struct NotationUnsupported: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// A workout written as one line of notation, and what of the workout the line leaves out.
public struct WrittenNotation: Sendable, Equatable {
    public let line: String
    /// What the line does not carry, in words (`the description`, `2 cues`), in a stable order.
    public let leftOut: [String]
}

/// Writes a workout back out as one line of notation, when every step has a spelling in it: the
/// same phases (kinds, names, durations, reps and weights) come back when the line is read.
public struct NotationWriter {
    private var leftOut: [String: Int] = [:]
    private let halfway: Bool
    private static let order = ["the name", "the description", "the tags", "the countdown", "halfway", "block names", "cues", "exercises", "caps", "targets", "distances"]
    /// What is counted in the list of what the line leaves out ("2 cues"), rather than named.
    private static let counted: Set<String> = ["cues", "exercises", "caps", "block names", "targets", "distances"]

    /// The line for `workout`, or why there is none.
    public static func write(_ workout: Workout) throws(NotationUnsupported) -> WrittenNotation {
        var writer = NotationWriter(halfway: workout.halfway)
        if workout.description != nil { writer.note("the description") }
        if !workout.tags.isEmpty { writer.note("the tags") }
        if workout.countdown != 3 { writer.note("the countdown") }
        let line = try writer.items(workout.steps, path: "steps")
        if workout.name != NotationWorkout.defaultName(for: line) { writer.note("the name") }
        let leftOut = order.compactMap { key -> String? in
            guard let count = writer.leftOut[key] else { return nil }
            return counted.contains(key) ? "\(count) \(count == 1 ? String(key.dropLast()) : key)" : key
        }
        return WrittenNotation(line: line, leftOut: leftOut)
    }

    private mutating func note(_ thing: String, _ count: Int = 1) {
        if count > 0 { leftOut[thing, default: 0] += count }
    }

    /// Notes a halfway call the line would lose: the workout's, or a phase's own `halfway: true`.
    private mutating func noteHalfway(_ own: Bool?) {
        if own ?? halfway { note("halfway") }
    }

    private mutating func items(_ steps: [Step], path: String) throws(NotationUnsupported) -> String {
        var written: [String] = []
        for (index, step) in steps.enumerated() {
            written.append(try item(step, path: "\(path)[\(index)]"))
        }
        return written.joined(separator: ", ")
    }

    private mutating func item(_ step: Step, path: String) throws(NotationUnsupported) -> String {
        switch step {
        case .timed(let timed):
            note("cues", timed.cues.count + (timed.cue == nil ? 0 : 1))
            note("exercises", timed.exercise == nil ? 0 : 1)
            note("targets", (timed.target == nil ? 0 : 1) + timed.targets.count)
            note("distances", timed.distance == nil ? 0 : 1)
            noteHalfway(timed.halfway)
            let name = try timed.name.map { name throws(NotationUnsupported) in try Self.carried(try single(name, path), "\(path).name") }
            guard let duration = timed.duration else { return timedText(kind: timed.kind, time: "open", name: name) }
            return timedText(kind: timed.kind, time: Self.durations(duration), name: name)
        case .reps(let rep):
            note("cues", rep.cues.count + (rep.cue == nil ? 0 : 1))
            note("exercises", rep.exercise == nil ? 0 : 1)
            note("caps", rep.cap == nil ? 0 : 1)
            var text = "\(Self.list(rep.reps.values.map(String.init), varies: rep.reps.variesByRound)) reps \(Self.name(try Self.carried(try single(rep.name, path), "\(path).name")))"
            if let weight = rep.weight { text += " @ \(try Self.weights(weight, "\(path).weight"))" }
            return text
        case .repeated(let group):
            guard group.items == nil else {
                throw NotationUnsupported(description: "\(path) is a for block (a round per item), which the notation has no spelling for")
            }
            note("block names", group.name == nil ? 0 : 1)
            let text = Self.repeatText(count: group.count, inside: try items(group.steps, path: "\(path).steps"), rest: group.restBetweenRounds)
            return text + (group.timeCap.map { " cap \(Self.duration($0))" } ?? "")
        case .emom(let block):
            note("block names", block.name == nil ? 0 : 1)
            return "every \(Self.duration(block.every)) x\(block.rounds)(\(try items(block.steps, path: "\(path).steps")))"
        case .amrap(let block):
            note("block names", block.name == nil ? 0 : 1)
            return "amrap \(Self.duration(block.length))(\(try items(block.steps, path: "\(path).steps")))"
        case .circuit(let circuit):
            var exercises: [String] = []
            for (index, exercise) in circuit.exercises.enumerated() {
                note("cues", exercise.cues.count + (exercise.cue == nil ? 0 : 1))
                note("exercises", exercise.exercise == nil ? 0 : 1)
                note("targets", exercise.targets.count)
                noteHalfway(exercise.halfway)
                if !exercises.isEmpty, let rest = circuit.rest { exercises.append(timedText(kind: .rest, duration: rest, name: nil)) }
                let name = try Self.carried(exercise.name, "\(path).circuit[\(index)].name")
                exercises.append(timedText(kind: .work, duration: exercise.work ?? circuit.work, name: name))
            }
            // Even one round is a repeat (`1x(…)`), as the circuit's phases are numbered (round 1/1).
            let rest = circuit.rounds > 1 ? circuit.resolvedRestBetweenRounds : nil
            return Self.repeatText(count: circuit.rounds, inside: exercises.joined(separator: ", "), rest: rest)
        }
    }

    private func timedText(kind: PhaseKind, duration: WorkoutDuration, name: String?) -> String {
        timedText(kind: kind, time: Self.duration(duration), name: name)
    }

    /// `45s rest Breathe`, or for an open step `open Fast lap`.
    private func timedText(kind: PhaseKind, time: String, name: String?) -> String {
        var text = time
        if kind != .work { text += " \(kind.rawValue)" }
        if let name, name != kind.defaultName { text += " \(Self.name(name))" }
        return text
    }

    private static func repeatText(count: Int, inside: String, rest: WorkoutDuration?) -> String {
        "\(count)x(\(inside))" + (rest.map { " / \(duration($0))" } ?? "")
    }

    /// `30s`, or one per round: `[10,20,30]s` when each is whole seconds under a minute, else
    /// `[30s,1m,1m30s]`.
    private static func durations(_ value: PerRound<WorkoutDuration>) -> String {
        let values = value.values
        guard value.variesByRound else { return duration(values[0]) }
        if values.allSatisfy({ $0.milliseconds % 1000 == 0 && $0.milliseconds < 60_000 && $0.milliseconds > 0 }) {
            return list(values.map { String($0.milliseconds / 1000) }, varies: true) + "s"
        }
        return list(values.map(duration), varies: true)
    }

    /// One value as it is, or the values per round in brackets: `[21,15,9]`.
    private static func list(_ values: [String], varies: Bool) -> String {
        varies ? "[" + values.joined(separator: ",") + "]" : values[0]
    }

    /// `80 kg`, or one per round: `[40,50,60]` when each is a number, `[40,50,60] kg` when each is
    /// a number and the same unit; other weights per round have no spelling.
    private static func weights(_ value: PerRound<Weight>, _ path: String) throws(NotationUnsupported) -> String {
        guard value.variesByRound else { return try weight(value.values[0], path) }
        var numbers: [String] = []
        var units = Set<String>()
        for weight in value.values {
            switch weight {
            case .number(let number):
                numbers.append(plainNumber(number))
                units.insert("")
            case .text(let text):
                let parts = text.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let number = String(parts[0]).decimalValue, number >= 0, WeightNumber(parts[0].unicodeScalars).ambiguityHint == nil,
                      !parts[1].contains(where: { NotationParser.special.contains($0) || $0 == "@" || $0 == "\\" }) else {
                    throw NotationUnsupported(description: "\(path) has a weight per round (\(text)) that is not a number and a unit, which the notation has no spelling for")
                }
                numbers.append(plainNumber(number))
                units.insert(try carried(String(parts[1]), path))
            }
        }
        guard units.count == 1, let unit = units.first else {
            throw NotationUnsupported(description: "\(path) has weights per round in different units, which the notation has no spelling for")
        }
        return list(numbers, varies: true) + (unit.isEmpty ? "" : " \(unit)")
    }

    /// A value the same in every round; the notation has no spelling for one value per round.
    private func single<Value>(_ value: PerRound<Value>, _ path: String) throws(NotationUnsupported) -> Value {
        guard case .same(let one) = value else {
            throw NotationUnsupported(description: "\(path) has a value per round, which the notation has no spelling for")
        }
        return one
    }

    /// A name or a weight as it is, or why not: the line is shown with every control character
    /// escaped (a tab as `\u{9}`), and that would read back as other text.
    private static func carried(_ text: String, _ path: String) throws(NotationUnsupported) -> String {
        let escapes = text.unicodeScalars.map { TerminalText.visible(String($0), keepingLineBreaks: false) }.filter { $0.count > 1 }
        guard let first = escapes.first else { return text }
        throw NotationUnsupported(description: "\(path) has a control or direction character (\(first)) in it, which a line of notation cannot carry")
    }

    /// `45s`, `1m30s`, `1h5m`, or seconds with a fraction (`2.5`).
    static func duration(_ duration: WorkoutDuration) -> String {
        guard duration.milliseconds % 1000 == 0 else { return Decimal3(duration.milliseconds).text }
        let total = duration.milliseconds / 1000
        let parts = [(total / 3600, "h"), (total % 3600 / 60, "m"), (total % 60, "s")]
        return parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
    }

    /// A name as written, or in quotes when reading it bare would give something else: a kind
    /// (`Rest`), a part of a duration (`30s …`), a character the notation uses, spaces at its ends.
    static func name(_ name: String) -> String {
        let letters = name.prefix { $0.isLetter }
        let afterLetters = name.dropFirst(letters.count).first
        let isKind = NotationParser.kinds.contains(letters.lowercased()) && (afterLetters.map(NotationParser.breaksWord) ?? true)
        let firstWord = String(name.prefix { !NotationParser.breaksWord($0) })
        let ambiguous = isKind || NotationParser.isDurationPart(firstWord)
        let bare = !ambiguous && name == name.trimmingSpaces() && !name.contains(where: { NotationParser.special.contains($0) || $0 == "@" || $0 == "\\" })
        return bare ? name : quoted(name)
    }

    /// Text in double quotes, where a quote is `\"` and a backslash `\\`.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    static func weight(_ weight: Weight, _ path: String) throws(NotationUnsupported) -> String {
        switch weight {
        case .number(let value): return plainNumber(value)
        case .text(let text):
            // Text that would read as a number (`12`), or be refused as one (`1.000 kg`), is quoted.
            let text = try carried(text, path)
            let number = text.decimalValue != nil || WeightNumber(text.unicodeScalars).ambiguityHint != nil
            return number ? quoted(text) : name(text)
        }
    }

    /// A number of 0 or more in digits and perhaps a point, as the notation reads it: never with an
    /// exponent (`1e+21` is written 1000000000000000000000).
    static func plainNumber(_ value: Double) -> String {
        let written = JSONText.number(value)
        guard let e = written.firstIndex(of: "e"), let exponent = Int(written[written.index(after: e)...]) else { return written }
        let mantissa = written[..<e]
        let digits = mantissa.filter { $0 != "." }
        let point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        if point <= 0 { return "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return digits + String(repeating: "0", count: point - digits.count) }
        return digits.prefix(point) + "." + digits.dropFirst(point)
    }
}
