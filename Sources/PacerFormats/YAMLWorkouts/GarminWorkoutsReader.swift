import PacerCore

/// Reads a garmin-workouts file: a `name`, a `description`, a `sport` and `steps`, each a `type`
/// (warmup, cooldown, rest, recovery, or work), a `duration` (none: an open step, ended by the lap
/// key), a `power` in percent of FTP and a `description`; a list among the steps (what an `!include`
/// brings) is its steps in order, and `repeat` with `steps` repeats them.
enum GarminWorkoutsReader {
    private static let kinds: [String: PhaseKind] = ["warmup": .warmup, "cooldown": .cooldown, "rest": .rest, "recovery": .rest]

    static func read(_ root: YAMLNode, name fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        var notes = ImportNotes()
        YAMLWorkoutReader.warnUnread(root, reads: ["name", "description", "sport", "steps"], notes: &notes)
        let steps = try self.steps(YAMLWorkoutReader.list(root["steps"], key: "steps", at: root.position), notes: &notes)
        let sport = root["sport"]?.text.flatMap(ImportedValues.label)
        let workout = Workout(name: root["name"]?.text.flatMap(ImportedValues.label) ?? fallback,
                              description: root["description"]?.text.flatMap(ImportedValues.paragraphs), tags: sport.map { [$0] } ?? [], steps: steps)
        return ImportedDraft(workout: workout, notes: notes)
    }

    private static func steps(_ items: [YAMLNode], notes: inout ImportNotes) throws(WorkoutErrors) -> [Step] {
        var steps: [Step] = []
        for item in items {
            switch item.value {
            case .sequence(let inner):
                steps += try self.steps(inner, notes: &notes)
            case .scalar(let text):
                throw importError(item.position, "\"\(text)\" is not a step: a step is a mapping such as { duration: \"5:00\", power: 60 }")
            case .mapping:
                if let count = item["repeat"] {
                    let rounds = try YAMLWorkoutReader.rounds(count, at: item.position, key: "repeat")
                    let inner = try self.steps(YAMLWorkoutReader.list(item["steps"], key: "steps", at: item.position), notes: &notes)
                    steps.append(.repeated(RepeatStep(count: rounds, steps: inner)))
                } else {
                    steps.append(.timed(try step(item, notes: &notes)))
                }
            }
        }
        return steps
    }

    private static func step(_ item: YAMLNode, notes: inout ImportNotes) throws(WorkoutErrors) -> TimedStep {
        var targets = WrittenTargets()
        if let power = item["power"] {
            let text = (power.text ?? "").trimmingSpaces()
            targets.power = ImportedValues.power(text.hasSuffix("%") || text.lowercased().hasSuffix("w") ? text : text + "%", at: power.position, notes: &notes).map(PerRound.same)
        }
        if let target = item["target"] {
            notes.warn(target.position, "the target \(target.text ?? "") is a pace set in garmin-workouts' own settings, which pacer does not have: the step keeps none")
        }
        YAMLWorkoutReader.warnUnread(item, reads: ["type", "duration", "power", "target", "description"], notes: &notes)
        let type = item["type"]?.text?.lowercased() ?? ""
        let kind = kinds[type] ?? .work
        return try YAMLWorkoutReader.step(kind, length: item["duration"], name: item["description"]?.text.flatMap(ImportedValues.label), targets: targets)
    }
}
