import PacerFoundation

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
/// same phases (kinds, names, durations, targets, cues, reps and weights) come back when the line
/// is read. Only the workout's name and description are left out.
public struct NotationWriter {
    /// The line for `workout`, or why there is none.
    public static func write(_ workout: Workout) throws(NotationUnsupported) -> WrittenNotation {
        var notes: [(String, String)] = []
        if workout.countdown != 3 { notes.append(("countdown", String(workout.countdown))) }
        if workout.halfway { notes.append(("halfway", "true")) }
        if !workout.tags.isEmpty {
            notes.append(
                (
                    "tags",
                    try workout.tags.enumerated().map { tag throws(NotationUnsupported) in try listed(tag.element, "tags[\(tag.offset)]") }
                        .joined(separator: ", ")
                ))
        }
        let head = notes.map { "{\($0.0): \($0.1)} " }.joined()
        let line = head + (try items(workout.steps, path: "steps"))
        var leftOut: [String] = []
        if workout.name != NotationWorkout.defaultName(for: line) { leftOut.append("the name") }
        if workout.description != nil { leftOut.append("the description") }
        return WrittenNotation(line: line, leftOut: leftOut)
    }

    private static func items(_ steps: [Step], path: String) throws(NotationUnsupported) -> String {
        var written: [String] = []
        for (index, step) in steps.enumerated() {
            written.append(try item(step, path: "\(path)[\(index)]"))
        }
        return written.joined(separator: ", ")
    }

    private static func item(_ step: Step, path: String) throws(NotationUnsupported) -> String {
        switch step {
        case .timed(let timed):
            let time = timed.duration.map(durations) ?? "open"
            var notes = NotationNotes(path: path)
            try notes.add("cue", timed.cue)
            try notes.add("exercise", timed.exercise)
            notes.add("halfway", timed.halfway.map { String($0) })
            notes.add("target", timed.target.map(duration))
            try notes.add("distance", timed.distance)
            try notes.add(timed.cues)
            return try timedText(kind: timed.kind, time: time, name: timed.name, path) + (try targets(timed.targets, path)) + notes.text
        case .reps(let rep):
            var text =
                "\(list(rep.reps.values.map(String.init), varies: rep.reps.variesByRound)) reps \(try names(rep.name, "\(path).name"))"
            if let weight = rep.weight { text += " @ \(try weights(weight, "\(path).weight"))" }
            var notes = NotationNotes(path: path)
            try notes.add("cue", rep.cue)
            try notes.add("exercise", rep.exercise)
            notes.add("cap", rep.cap.map(duration))
            try notes.add(rep.cues)
            return text + notes.text
        case .repeated(let group):
            let inside = try items(group.steps, path: "\(path).steps")
            var text: String
            if let items = group.items {
                text =
                    "for("
                    + (try items.enumerated().map { item throws(NotationUnsupported) in
                        try listed(item.element, "\(path).for[\(item.offset)]")
                    }.joined(separator: ", ")) + ")(\(inside))"
                text += group.restBetweenRounds.map { " / \(duration($0))" } ?? ""
            } else {
                text = repeatText(count: group.count, inside: inside, rest: group.restBetweenRounds)
            }
            text += group.timeCap.map { " cap \(duration($0))" } ?? ""
            return text + (try blockName(group.name, path))
        case .emom(let block):
            return "every \(duration(block.every)) x\(block.rounds)(\(try items(block.steps, path: "\(path).steps")))"
                + (try blockName(block.name, path))
        case .amrap(let block):
            guard let length = block.length else {
                throw NotationUnsupported(description: "\(path) is an open repeat, which notation has no spelling for")
            }
            return "amrap \(duration(length))(\(try items(block.steps, path: "\(path).steps")))" + (try blockName(block.name, path))
        case .circuit(let circuit):
            var exercises: [String] = []
            for (index, exercise) in circuit.exercises.enumerated() {
                let exercisePath = "\(path).circuit[\(index)]"
                if !exercises.isEmpty, let rest = circuit.rest {
                    exercises.append(try timedText(kind: .rest, time: duration(rest), name: nil, path))
                }
                var notes = NotationNotes(path: exercisePath)
                try notes.add("cue", exercise.cue.map(PerRound.same))
                try notes.add("exercise", exercise.exercise.map(PerRound.same))
                notes.add("halfway", exercise.halfway.map { String($0) })
                try notes.add(exercise.cues)
                let time = duration(exercise.work ?? circuit.work)
                exercises.append(
                    try timedText(kind: .work, time: time, name: .same(exercise.name), exercisePath)
                        + (try targets(exercise.targets, exercisePath)) + notes.text)
            }
            // Even one round is a repeat (`1x(…)`), as the circuit's phases are numbered (round 1/1).
            let rest = circuit.rounds > 1 ? circuit.resolvedRestBetweenRounds : nil
            return repeatText(count: circuit.rounds, inside: exercises.joined(separator: ", "), rest: rest)
        }
    }

    /// A name as the line writes it, or one per round in brackets: `[Swings, Burpees]`.
    private static func names(_ value: PerRound<String>, _ path: String) throws(NotationUnsupported) -> String {
        guard value.variesByRound else { return name(try carried(value.values[0], path)) }
        let names = try value.values.enumerated().map { one throws(NotationUnsupported) in try listed(one.element, "\(path)[\(one.offset)]")
        }
        return "[" + names.joined(separator: ", ") + "]"
    }

    /// ` {name: Round}`, or nothing for a block without a name.
    private static func blockName(_ name: String?, _ path: String) throws(NotationUnsupported) -> String {
        var notes = NotationNotes(path: path)
        try notes.add("name", name.map(PerRound.same))
        return notes.text
    }

    /// ` @ ramp 50-75% 85-95 rpm`: the targets as the line spells them, or nothing.
    private static func targets(_ targets: WrittenTargets, _ path: String) throws(NotationUnsupported) -> String {
        var written: [String] = []
        if let power = targets.power { written.append(try NotationTargetText.perRound(power, "\(path).power", NotationTargetText.power)) }
        if let heartRate = targets.heartRate {
            written.append(try NotationTargetText.perRound(heartRate, "\(path).heart_rate", NotationTargetText.heartRate))
        }
        if let pace = targets.pace { written.append(try NotationTargetText.perRound(pace, "\(path).pace", NotationTargetText.pace)) }
        if let cadence = targets.cadence {
            written.append(try NotationTargetText.perRound(cadence, "\(path).cadence", NotationTargetText.cadence))
        }
        return written.isEmpty ? "" : " @ " + written.joined(separator: " ")
    }

    /// `45s rest Breathe`, or for an open step `open Fast lap`.
    private static func timedText(kind: PhaseKind, time: String, name: PerRound<String>?, _ path: String) throws(NotationUnsupported)
        -> String
    {
        var text = time
        if kind != .work { text += " \(kind.rawValue)" }
        if let name, name != .same(kind.defaultName) { text += " \(try names(name, "\(path).name"))" }
        return text
    }

    private static func repeatText(count: Int, inside: String, rest: WorkoutDuration?) -> String {
        "\(count)x(\(inside))" + (rest.map { " / \(duration($0))" } ?? "")
    }

    /// An item of a `for`, a tag or a name per round, as a list in the line writes it: quoted when
    /// it holds a comma, a bracket, a brace or a quote.
    private static func listed(_ text: String, _ path: String) throws(NotationUnsupported) -> String {
        let text = try carried(text, path)
        return text.contains(where: { "{}[]".contains($0) }) ? quoted(text) : name(text)
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
                guard parts.count == 2, let number = String(parts[0]).decimalValue, number >= 0,
                    WeightNumber(parts[0].unicodeScalars).ambiguityHint == nil,
                    !parts[1].contains(where: { NotationParser.special.contains($0) || $0 == "@" || $0 == "\\" })
                else {
                    throw NotationUnsupported(
                        description:
                            "\(path) has a weight per round (\(text)) that is not a number and a unit, which the notation has no spelling for"
                    )
                }
                numbers.append(plainNumber(number))
                units.insert(try carried(String(parts[1]), path))
            }
        }
        guard units.count == 1, let unit = units.first else {
            throw NotationUnsupported(
                description: "\(path) has weights per round in different units, which the notation has no spelling for")
        }
        return list(numbers, varies: true) + (unit.isEmpty ? "" : " \(unit)")
    }

    /// A value the same in every round; the notation has no spelling for one value per round.
    static func single<Value>(_ value: PerRound<Value>, _ path: String) throws(NotationUnsupported) -> Value {
        guard case .same(let one) = value else {
            throw NotationUnsupported(description: "\(path) has a value per round, which the notation has no spelling for")
        }
        return one
    }

    /// A name or a weight as it is, or why not: the line is shown with every control character
    /// escaped (a tab as `\u{9}`), and that would read back as other text.
    static func carried(_ text: String, _ path: String) throws(NotationUnsupported) -> String {
        let escapes = text.unicodeScalars.map { TerminalText.visible(String($0), keepingLineBreaks: false) }.filter { $0.count > 1 }
        guard let first = escapes.first else { return text }
        throw NotationUnsupported(
            description: "\(path) has a control or direction character (\(first)) in it, which a line of notation cannot carry")
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
        let characters = Array(name)
        let note = characters.indices.contains { NotationParser.startsNote(in: characters, at: $0) }
        let bare =
            !ambiguous && !note && name.first != "[" && name == name.trimmingSpaces()
            && !name.contains(where: { NotationParser.special.contains($0) || $0 == "@" || $0 == "\\" })
        return bare ? name : quoted(name)
    }

    /// Text in double quotes, where a quote is `\"` and a backslash `\\`.
    static func quoted(_ text: String) -> String {
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
