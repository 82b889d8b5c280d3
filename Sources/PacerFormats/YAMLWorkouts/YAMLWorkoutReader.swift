import PacerFoundation
import PacerWorkout

/// Reads a YAML workout: pacer's own (`- work: 30s`), qintervals' (`title`, `intervals`) or
/// garmin-workouts' (`name`, `steps`), told apart by their keys, after every `!include` is stood in for by the file it names.
enum YAMLWorkoutReader {
    /// Includes may nest at most this deep.
    static let maximumIncludeDepth = 8
    /// A workout may include at most this many files in all.
    static let maximumIncludes = 200

    /// Whether a file starts as a YAML workout does: a line `intervals:` or `steps:` at the margin,
    /// and one `title:` or `name:`.
    static func looksLikeYAMLWorkout(_ head: FileHead) -> Bool {
        let lines = head.text.split(whereSeparator: \.isNewline)
        return lines.contains { $0.hasPrefix("intervals:") || $0.hasPrefix("steps:") }
            && lines.contains { $0.hasPrefix("title:") || $0.hasPrefix("name:") }
    }

    static func read(_ bytes: [UInt8], name fallback: String, includes: YAMLIncludes?) throws(WorkoutErrors) -> ImportedDraft {
        let (root, notes) = try root(of: bytes, includes: includes)
        if PacerYAMLReader.isPacerFormat(root) {
            return try PacerYAMLReader.read(root, notes: notes)
        }
        if root["intervals"] != nil || root["title"] != nil {
            return try QintervalsReader.read(root, name: fallback, notes: notes)
        }
        if root["steps"] != nil {
            return try GarminWorkoutsReader.read(root, name: fallback, notes: notes)
        }
        let keys = root.keys.isEmpty ? "no keys" : "the keys " + root.keys.prefix(5).joined(separator: ", ")
        throw importError(
            root.position,
            "this YAML has \(keys): pacer reads its own workouts (name, steps: [- work: 30s]), qintervals ones (title, intervals) and garmin-workouts ones (name, steps: [- duration: ...])"
        )
    }

    /// The root node of a workout, every `!include` stood in for by the file it names, and what to warn about.
    static func root(of bytes: [UInt8], includes: YAMLIncludes?) throws(WorkoutErrors) -> (YAMLNode, ImportNotes) {
        var notes = ImportNotes()
        let top = try parse(bytes, file: nil, at: nil, notes: &notes)
        var expander = IncludeExpander(includes: includes, bytes: bytes.count, nodes: top.size, notes: notes)
        let file = includes?.file ?? "<stdin>"
        return (try expander.expand(top, file: file, chain: [file]), expander.notes)
    }

    /// The root node of a file, each key written twice in it a warning; an error or warning in an
    /// included file is told at the `!include`, naming the file.
    static func parse(_ bytes: [UInt8], file: String?, at include: SourcePosition?, notes: inout ImportNotes) throws(WorkoutErrors)
        -> YAMLNode
    {
        let within = { (position: SourcePosition, message: String) -> (SourcePosition, String) in
            guard let file, let include else { return (position, message) }
            return (include, "in \(file), at \(position.line):\(position.column): \(message)")
        }
        let parsed: YAMLParsed
        do {
            parsed = try YAMLDocument.parse(bytes)
        } catch {
            let (position, message) = within(error.position, error.message)
            throw importError(position, message)
        }
        for duplicate in parsed.duplicates {
            let (position, message) = within(
                duplicate.position,
                "\(duplicate.key) is written twice in this mapping (first at line \(duplicate.first.line)): the last is read, as YAML readers such as PyYAML do"
            )
            notes.warn(position, message)
        }
        return parsed.root
    }

    /// How long a step lasts: seconds (`90`), a clock (`1:30`, `1:02:30`), or as intervals.icu writes
    /// it (`90s`, `5m`, `1h2m30s`, `2km`, `400mtr`); nil for anything else.
    static func length(_ text: String) -> IcuLength? {
        let trimmed = text.trimmingSpaces()
        if let seconds = trimmed.decimalValue { return seconds > 0 ? .time(seconds: seconds, minutesOnly: false) : nil }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        if (2...3).contains(parts.count) {
            var seconds = 0.0
            for part in parts {
                guard let value = String(part).decimalValue else { return nil }
                seconds = seconds * 60 + value
            }
            return seconds > 0 ? .time(seconds: seconds, minutesOnly: false) : nil
        }
        return IcuLength(trimmed)
    }

    /// A step of `kind` lasting `written` (nil: an open step), or the error saying what is wrong with it.
    static func step(_ kind: PhaseKind, length written: YAMLNode?, name: String?, targets: WrittenTargets) throws(WorkoutErrors)
        -> TimedStep
    {
        var step = TimedStep(kind: kind, duration: nil, name: name.map(PerRound.same), targets: targets)
        guard let written else { return step }
        guard let text = written.text, let length = length(text) else {
            throw importError(
                written.position, "\"\(written.text ?? "a list")\" is not a length: write seconds (90), a clock (1:30) or 30s, 5m, 1h, 2km")
        }
        switch length {
        case .distance(_, let label): step.distance = .same(label)
        case .time(let seconds, _):
            do {
                step.duration = .same(try WorkoutDuration.fromSeconds(seconds))
            } catch {
                throw importError(written.position, "\(text) \(ImportedValues.lengthProblem(seconds: seconds, error))")
            }
        }
        return step
    }

    /// A warning for each key of `node` that is none of those pacer `reads`.
    static func warnUnread(_ node: YAMLNode, reads: Set<String>, notes: inout ImportNotes) {
        for key in node.keys where !reads.contains(key) {
            notes.warn(node[key]?.position ?? node.position, "\(key) is not something pacer reads here: dropped")
        }
    }

    /// A count of rounds, 1 to 1,000.
    static func rounds(_ node: YAMLNode?, at position: SourcePosition, key: String) throws(WorkoutErrors) -> Int {
        guard let node else { throw importError(position, "this block has no \(key): say how many rounds") }
        guard let text = node.text, let count = Int(text.trimmingSpaces()), (1...IcuTextReader.maximumRepeat).contains(count) else {
            throw importError(
                node.position, "\(key): \(node.text ?? "a list") is not a number of rounds from 1 to \(IcuTextReader.maximumRepeat)")
        }
        return count
    }

    /// The steps a node lists, or the error saying it lists none.
    static func list(_ node: YAMLNode?, key: String, at position: SourcePosition) throws(WorkoutErrors) -> [YAMLNode] {
        guard let node else { throw importError(position, "there is no \(key): list the steps under it") }
        guard case .sequence(let items) = node.value, !items.isEmpty else {
            throw importError(node.position, "\(key) is not a list of steps")
        }
        return items
    }
}

/// Stands in for each `!include` the file it names, relative to the file it is written in, kept
/// inside the workout's folder tree, with no loops and only so many files.
private struct IncludeExpander {
    let includes: YAMLIncludes?
    /// What the workout and its includes hold so far: held to one file's limits in all.
    var bytes: Int
    var nodes: Int
    var notes: ImportNotes
    var count = 0

    mutating func expand(_ node: YAMLNode, file: String, chain: [String]) throws(WorkoutErrors) -> YAMLNode {
        switch node.value {
        case .scalar(let text):
            guard node.tag == "!include" else { return node }
            return try include(text.trimmingSpaces(), at: node.position, file: file, chain: chain)
        case .sequence(let items):
            var expanded: [YAMLNode] = []
            for item in items { expanded.append(try expand(item, file: file, chain: chain)) }
            return YAMLNode(value: .sequence(expanded), tag: node.tag, position: node.position, size: node.size, isPlain: node.isPlain)
        case .mapping(let pairs):
            var expanded: [(key: String, value: YAMLNode)] = []
            for pair in pairs { expanded.append((pair.key, try expand(pair.value, file: file, chain: chain))) }
            return YAMLNode(value: .mapping(expanded), tag: node.tag, position: node.position, size: node.size, isPlain: node.isPlain)
        }
    }

    private mutating func include(_ written: String, at position: SourcePosition, file: String, chain: [String]) throws(WorkoutErrors)
        -> YAMLNode
    {
        guard let includes else {
            throw importError(position, "!include \(written): a workout read from standard input has no folder to include from")
        }
        guard let path = YAMLIncludes.resolve(written, from: file) else {
            throw importError(
                position, "!include \(written) is refused: a workout includes only files in its own folder or below it, by a relative path")
        }
        guard !chain.contains(path) else {
            throw importError(position, "!include \(written) includes itself again (\((chain + [path]).joined(separator: " -> "))): a loop")
        }
        guard chain.count <= YAMLWorkoutReader.maximumIncludeDepth else {
            throw importError(position, "!include \(written): includes nest more than \(YAMLWorkoutReader.maximumIncludeDepth) deep")
        }
        count += 1
        guard count <= YAMLWorkoutReader.maximumIncludes else {
            throw importError(position, "the workout includes more than \(YAMLWorkoutReader.maximumIncludes) files")
        }
        let bytes: [UInt8]
        switch includes.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw importError(position, "!include \(written): \(failure.message)")
        }
        self.bytes += bytes.count
        guard self.bytes <= WorkoutDecoder.maximumFileSize else {
            throw importError(
                position,
                "!include \(written): the workout and its includes hold over \(WorkoutDecoder.maximumFileSize >> 20) MiB, more than one workout file may"
            )
        }
        let root = try YAMLWorkoutReader.parse(bytes, file: path, at: position, notes: &notes)
        nodes += root.size
        guard nodes <= YAMLDocument.maximumNodes else {
            throw importError(
                position,
                "!include \(written): the workout and its includes stand for more than \(YAMLDocument.maximumNodes) nodes: this is no workout"
            )
        }
        // What an included file says is told at its !include: its own lines are in another file.
        return try expand(Self.placed(root, at: position), file: path, chain: chain + [path])
    }

    private static func placed(_ node: YAMLNode, at position: SourcePosition) -> YAMLNode {
        let value: YAMLNode.Value =
            switch node.value {
            case .scalar: node.value
            case .sequence(let items): .sequence(items.map { placed($0, at: position) })
            case .mapping(let pairs): .mapping(pairs.map { ($0.key, placed($0.value, at: position)) })
            }
        return YAMLNode(value: value, tag: node.tag, position: position, size: node.size, isPlain: node.isPlain)
    }
}
