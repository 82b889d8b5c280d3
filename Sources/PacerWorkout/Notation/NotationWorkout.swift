import PacerFoundation

/// A workout written as one line of notation (`10s prepare, 8x(20s Sprint, 10s rest)`), read into
/// the JSON value of a workout file and checked by the same decoder, every finding pointed at its
/// column.
public struct NotationWorkout: Sendable {
    /// Where diagnostics say the workout came from: `<notation>:1:12: error: …`.
    public static let label = "<notation>"

    public let line: String
    /// The workout file the line stands for.
    public let value: JSONValue
    private let places: SourceMap

    /// Reads the line; the workout is named `name`, or the line itself.
    public init(_ line: String, name: String? = nil) throws(WorkoutErrors) {
        self.line = line
        var parser = NotationParser(line)
        let steps: JSONValue.Content
        do {
            steps = try parser.parseLine()
        } catch {
            throw WorkoutErrors([Diagnostic(.source(SourcePosition(line: 1, column: error.column)), error.message)])
        }
        value = NotationParser.object(
            [NotationParser.member("name", .string(name ?? Self.defaultName(for: line))), NotationParser.member("steps", steps)]
                + parser.workoutFields)
        places = SourceMap(parser.columns.mapValues { .position(SourcePosition(line: 1, column: $0)) })
    }

    /// The workout file the line stands for, as compact JSON: made each time it is asked for.
    public var json: String { Self.compact(value) }

    /// A value as JSON text with no space in it.
    private static func compact(_ value: JSONValue) -> String {
        switch value.content {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): JSONText.number(number)
        case .string(let text): JSONText.quoted(text)
        case .array(let elements): "[" + elements.map(compact).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { JSONText.quoted($0.key) + ":" + compact($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// The line as the workout's name: `{round}`, `{rounds}` and `{item}` lose their braces, as they
    /// mean nothing in a workout's name, and so do those the dropping makes (`{{round}}` is `round`).
    public static func defaultName(for line: String) -> String {
        var name = ""
        for character in line.trimmingSpaces() {
            name.append(character)
            guard character == "}", let token = ExerciseName.placeholders.first(where: name.hasSuffix) else { continue }
            name.removeLast(token.count)
            name += token.dropFirst().dropLast()
        }
        return name
    }

    /// Whether a workout reference looks like notation rather than a name: it starts with a digit,
    /// with `every`, `amrap` or `open` and a space (`amrap 12m (…)`, `open Fast lap, 2m rest`), with
    /// `for(` or `for (`, or with a note of the workout (`{countdown: 5} …`).
    public static func looksLikeNotation(_ reference: String) -> Bool {
        let text = reference.trimmingSpaces()
        if text.first.map({ $0.isASCII && $0.isNumber }) ?? false { return true }
        if NotationParser.startsNote(in: Array(text), at: 0) { return true }
        return ["every ", "amrap ", "open ", "for(", "for ("].contains { text.lowercased().hasPrefix($0) }
    }

    /// The workout, checked as a workout file is, with what is probably a mistake.
    public func decode() throws(WorkoutErrors) -> DecodedWorkout {
        do {
            let decoded = try WorkoutDecoder.decodeWithWarnings(value)
            return DecodedWorkout(workout: decoded.workout, warnings: decoded.warnings.map(located))
        } catch {
            throw WorkoutErrors(error.diagnostics.map(located))
        }
    }

    /// A decoder's finding at a JSON path, moved to the column where that path (or the nearest
    /// path above it) was written; the line's first column when none was.
    private func located(_ diagnostic: Diagnostic) -> Diagnostic {
        places.located(diagnostic, outside: .position(SourcePosition(line: 1, column: 1)))
    }

    /// Each diagnostic as a compiler prints it, followed by the line with a caret under its column.
    public static func lines(for diagnostics: [Diagnostic], in line: String) -> [String] {
        diagnostics.flatMap { diagnostic -> [String] in
            let first = diagnostic.formatted(file: label)
            guard case .source(let position) = diagnostic.location else { return [first] }
            return [first] + NotationCaret(line: line, column: position.column).lines
        }
    }
}
