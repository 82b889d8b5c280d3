import PacerFoundation
import PacerWorkout

/// Reads a workout written in pacer's own format as YAML (`name:`, `steps:`, `- work: 30s`): the
/// YAML becomes the JSON it stands for and goes through the workout decoder, so every rule and
/// message is a workout file's, told at the YAML's own line and column.
///
/// A plain scalar is a number when it is written as JSON writes one (`30`, `2.5`), a flag when it is
/// `true` or `false`, nothing when it is `null`, `~` or empty; anything else, and every quoted
/// scalar, is text.
enum PacerYAMLReader {
    /// The keys that make a step of pacer's own (`work: 30s`, `reps: 10`, `amrap: 12m`, ...).
    static let stepKeys: Set<String> = Set(PhaseKind.timed.map(\.rawValue) + ["reps", "for", "circuit", "every", "amrap"])

    /// Whether a YAML workout is in pacer's own format: a `pacer` key, or a step keyed by its kind
    /// (`- work: 30s`), which neither qintervals nor garmin-workouts writes.
    static func isPacerFormat(_ root: YAMLNode) -> Bool {
        root["pacer"] != nil || (root["steps"].map(hasPacerStep) ?? false)
    }

    private static func hasPacerStep(_ node: YAMLNode) -> Bool {
        switch node.value {
        case .scalar: false
        case .sequence(let items): items.contains(where: hasPacerStep)
        case .mapping(let pairs): pairs.contains { stepKeys.contains($0.key) } || (node["steps"].map(hasPacerStep) ?? false)
        }
    }

    /// The text of the workout file's JSON that `root` stands for, and where each path's value stands in the YAML.
    static func json(of root: YAMLNode) -> (text: String, places: [String: SourcePosition]) {
        var places: [String: SourcePosition] = [:]
        var json = ""
        write(root, path: "", into: &json, places: &places)
        return (json, places)
    }

    static func read(_ root: YAMLNode, notes: ImportNotes) throws(WorkoutErrors) -> ImportedDraft {
        let (json, places) = json(of: root)
        // A decoder's path (`steps[2].work`) is at the YAML node there, else the nearest node holding it.
        let sources = SourceMap(places.mapValues(SourcePlace.position))
        do {
            // The decoder's warnings are said once, when the import checks the workout it wrote.
            return ImportedDraft(workout: try WorkoutDecoder.decode(Array(json.utf8)), notes: notes, sources: sources)
        } catch {
            throw WorkoutErrors(notes.warnings + error.diagnostics.map { sources.located($0, outside: .position(root.position)) })
        }
    }

    /// Writes `node` as JSON, recording where each path's value stands in the YAML.
    private static func write(_ node: YAMLNode, path: String, into json: inout String, places: inout [String: SourcePosition]) {
        places[path] = node.position
        switch node.value {
        case .scalar(let text):
            json += node.isPlain ? plain(text) : JSONText.quoted(text)
        case .sequence(let items):
            json += "["
            for (index, item) in items.enumerated() {
                if index > 0 { json += "," }
                write(item, path: "\(path)[\(index)]", into: &json, places: &places)
            }
            json += "]"
        case .mapping(let pairs):
            json += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { json += "," }
                json += JSONText.quoted(pair.key) + ":"
                write(pair.value, path: path.isEmpty ? pair.key : "\(path).\(pair.key)", into: &json, places: &places)
            }
            json += "}"
        }
    }

    /// A plain scalar as JSON: a number written as JSON writes one, a flag, null, or text.
    private static func plain(_ text: String) -> String {
        switch text {
        case "true", "false": return text
        case "", "~", "null": return "null"
        default: return isJSONNumber(text) ? text : JSONText.quoted(text)
        }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as RFC 8259 has it.
    private static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        let digits = { (text: inout Substring) -> Int in
            let count = text.prefix { $0.isASCII && $0.isNumber }.count
            text = text.dropFirst(count)
            return count
        }
        if rest.first == "-" { rest = rest.dropFirst() }
        let whole = rest
        let count = digits(&rest)
        guard count > 0, count == 1 || whole.first != "0" else { return false }
        if rest.first == "." {
            rest = rest.dropFirst()
            guard digits(&rest) > 0 else { return false }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits(&rest) > 0 else { return false }
        }
        return rest.isEmpty
    }
}
