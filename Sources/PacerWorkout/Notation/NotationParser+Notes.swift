import PacerFoundation

/// Notes after a step or block, or before the first step: `{50%: Switch sides}`, `{cue: …}`,
/// `{cap: 2m}`, `{name: Tabata}`, `{countdown: 5}`, each giving what a file says with a key.
extension NotationParser {
    /// The notes a timed step, a rep step, a block and the workout may take, besides cues at a time.
    static let timedNotes = ["cue", "exercise", "halfway", "target", "distance"]
    static let repNotes = ["cue", "exercise", "cap"]
    static let blockNotes = ["name"]
    static let workoutNotes = ["countdown", "halfway", "tags"]

    /// Whether a note starts at `position`: a `{` and then a word with a colon in it, before any
    /// space, brace or quote (`{50%: Switch sides}`, `{cue: …}`), where `{item}` and `{round}` have
    /// none, and a JSON object (`{"name": …}`) starts with a quote.
    func startsNote(at position: Int) -> Bool {
        Self.startsNote(in: characters, at: position)
    }

    static func startsNote(in characters: [Character], at position: Int) -> Bool {
        guard position < characters.count, characters[position] == "{" else { return false }
        var end = position + 1
        while end < characters.count, !" \t{}\"".contains(characters[end]) {
            if characters[end] == ":" { return true }
            end += 1
        }
        return false
    }

    /// The notes after a step or block, as JSON members: a cue at a time (`{50%: Switch sides}`,
    /// `{20s: …}`, `{-10s: …}`) on a step that takes a `cue`, or one of `allowed`
    /// (`{cue: …}`, `{cap: 2m}`), each once. Values are checked by the decoder, at their column.
    mutating func parseNotes(path: String, allowed: [String]) throws(NotationSyntaxError) -> [JSONValue.Member] {
        var fields: [JSONValue.Member] = []
        var cues: [JSONValue] = []
        var seen = Set<String>()
        let prefix = path.isEmpty ? "" : path + "."
        while startsNote(at: index) {
            let open = index
            index += 1
            skipSpaces()
            let keyStart = index
            var colon = index
            while let character = peek, !" \t{}".contains(character) {
                if character == ":" { colon = index }
                index += 1
            }
            let key = String(characters[keyStart..<colon])
            index = colon + 1
            let isTime = allowed.contains("cue") && key.first.map { $0.isASCIIDigit || $0 == "-" || $0 == "." } == true
            if !isTime {
                guard allowed.contains(key.lowercased()) else {
                    index = keyStart
                    throw error(unknownNote(key, allowed: allowed))
                }
                guard seen.insert(key.lowercased()).inserted else {
                    index = keyStart
                    throw error("a second {\(key.lowercased()): …} on this \(path.isEmpty ? "workout" : "step"): give it once")
                }
            }
            skipSpaces()
            let valueColumn = index + 1
            if isTime {
                columns["\(prefix)cues[\(cues.count)].at"] = keyStart + 1
                columns["\(prefix)cues[\(cues.count)].text"] = valueColumn
                if cues.isEmpty { columns["\(prefix)cues"] = open + 1 }
                cues.append(Self.object([Self.member("at", .string(key)), Self.member("text", .string(try noteText(open: open)))]))
            } else {
                let name = key.lowercased()
                columns[prefix + name] = valueColumn
                fields.append(Self.member(name, try noteValue(name, open: open)))
            }
            skipSpaces()
        }
        if !cues.isEmpty { fields.append(Self.member("cues", .array(cues))) }
        return fields
    }

    /// The value of the note `key` as JSON: `true` or `false` for `halfway`, a number for
    /// `countdown`, a list for `tags`, and text for the rest.
    private mutating func noteValue(_ key: String, open: Int) throws(NotationSyntaxError) -> JSONValue.Content {
        switch key {
        case "tags":
            let tags = try parseNames(closing: "}", path: "tags", what: "a tag", example: "{tags: hiit, bodyweight}")
            return Self.strings(tags)
        case "halfway":
            let valueStart = index
            let value = try noteText(open: open)
            guard ["true", "false"].contains(value.lowercased()) else {
                index = valueStart
                throw error("write {halfway: true} or {halfway: false}, not {halfway: \(value)}")
            }
            return .bool(value.lowercased() == "true")
        case "countdown":
            let value = try noteText(open: open)
            return value.count < 10 ? Self.number(value) : .string(value)
        default:
            return .string(try noteText(open: open))
        }
    }

    /// The text of a note up to its `}` (braces inside it paired, as in `{round}`), or a quoted one.
    private mutating func noteText(open: Int) throws(NotationSyntaxError) -> String {
        let text: String
        if peek == "\"" {
            text = try quoted()
            skipSpaces()
        } else {
            let start = index
            var depth = 0
            while let character = peek, character != "}" || depth > 0 {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
                index += 1
            }
            text = String(characters[start..<index]).trimmingSpaces()
        }
        guard peek == "}" else {
            throw error(
                peek == nil
                    ? "the '{' at column \(open + 1) is not closed: expected '}'"
                    : "unexpected \(describeCurrent()): expected '}' after the quoted text")
        }
        guard !text.isEmpty else { throw error("expected the text of the note before '}'") }
        index += 1
        return text
    }

    /// The refusal of a note this step does not take, with the closest and what it takes.
    private func unknownNote(_ key: String, allowed: [String]) -> String {
        let near = Suggestion.closest(to: key, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
        let notes = allowed.map { "{\($0): …}" }.joined(separator: ", ")
        guard allowed != Self.workoutNotes else {
            return "unknown note \"\(key)\"\(near): the line starts with \(notes) before its first step"
        }
        let what = allowed == Self.blockNotes ? "a block takes" : allowed == Self.repNotes ? "a rep step takes" : "a timed step takes"
        let cues = allowed == Self.blockNotes ? "" : ", or a cue at a time such as {30s: …}, {50%: …} or {-10s: …}"
        return "unknown note \"\(key)\"\(near): \(what) \(notes)\(cues) (a name with {…: …} in it is written in double quotes)"
    }
}
