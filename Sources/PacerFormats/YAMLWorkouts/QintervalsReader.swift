import PacerWorkout

/// Reads a qintervals workout: a `title` and `intervals`, each a `type` (work, rest, warmup,
/// warmdown), a `name` and a `length`, or a `block` of `repeats` rounds of `intervals` (blocks nest;
/// `skip_last_rest: true` leaves out the rests that end the last round).
enum QintervalsReader {
    private static let kinds: [String: PhaseKind] = [
        "work": .work, "rest": .rest, "warmup": .warmup, "warmdown": .cooldown, "cooldown": .cooldown,
    ]

    static func read(_ root: YAMLNode, name fallback: String, notes: ImportNotes) throws(WorkoutErrors) -> ImportedDraft {
        var notes = notes
        YAMLWorkoutReader.warnUnread(root, reads: ["title", "intervals"], notes: &notes)
        let steps = try intervals(YAMLWorkoutReader.list(root["intervals"], key: "intervals", at: root.position), notes: &notes)
        let name = root["title"]?.text.flatMap(ImportedValues.label) ?? fallback
        return ImportedDraft(workout: Workout(name: name, steps: steps), notes: notes)
    }

    private static func intervals(_ items: [YAMLNode], notes: inout ImportNotes) throws(WorkoutErrors) -> [Step] {
        var steps: [Step] = []
        for item in items {
            if let block = item["block"] {
                steps += try self.block(block, notes: &notes)
                continue
            }
            guard let type = item["type"]?.text?.lowercased() else {
                throw importError(item.position, "an interval has a type (work, rest, warmup, warmdown) or is a block")
            }
            guard let kind = kinds[type] else {
                throw importError(
                    item["type"]?.position ?? item.position, "type: \(type) is not one qintervals has: work, rest, warmup or warmdown")
            }
            guard let length = item["length"] else {
                throw importError(item.position, "this interval has no length: write one, such as length: 30s")
            }
            YAMLWorkoutReader.warnUnread(item, reads: ["type", "name", "length"], notes: &notes)
            steps.append(
                .timed(
                    try YAMLWorkoutReader.step(
                        kind, length: length, name: item["name"]?.text.flatMap(ImportedValues.label), targets: WrittenTargets())))
        }
        return steps
    }

    /// A block: a repeat of its intervals; with `skip_last_rest`, the rounds but the last, then the
    /// last without the rests that end it.
    private static func block(_ block: YAMLNode, notes: inout ImportNotes) throws(WorkoutErrors) -> [Step] {
        let count = try YAMLWorkoutReader.rounds(block["repeats"], at: block.position, key: "repeats")
        let inner = try intervals(YAMLWorkoutReader.list(block["intervals"], key: "intervals", at: block.position), notes: &notes)
        let skip = ["true", "yes", "on"].contains(block["skip_last_rest"]?.text?.lowercased() ?? "")
        var last = inner
        while skip, case .timed(let step)? = last.last, step.kind == .rest { last.removeLast() }
        guard skip, last.count < inner.count else { return [.repeated(RepeatStep(count: count, steps: inner))] }
        let before: [Step] = count > 1 ? [.repeated(RepeatStep(count: count - 1, steps: inner))] : []
        return before + (last.isEmpty ? [] : [.repeated(RepeatStep(count: 1, steps: last))])
    }
}
