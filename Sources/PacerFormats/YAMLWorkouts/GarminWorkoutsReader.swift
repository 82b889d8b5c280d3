import PacerFoundation
import PacerWorkout

/// Reads a garmin-workouts file: a `name`, a `description`, a `sport` and `steps`, each a `type`
/// (warmup, cooldown, rest, recovery, or work), a `duration` (none, or `lap.button`: an open step,
/// ended by the lap key) or a `distance`, targets (`GarminWorkoutsTarget`) and a `description`; a
/// list among the steps (what an `!include` brings) is its steps in order, and `repeat` with
/// `steps` repeats them.
enum GarminWorkoutsReader {
    private static let kinds: [String: PhaseKind] = ["warmup": .warmup, "cooldown": .cooldown, "rest": .rest, "recovery": .rest]

    static func read(_ root: YAMLNode, name fallback: String, notes: ImportNotes) throws(WorkoutErrors) -> ImportedDraft {
        var notes = notes
        YAMLWorkoutReader.warnUnread(root, reads: ["name", "description", "sport", "steps"], notes: &notes)
        let steps = try self.steps(YAMLWorkoutReader.list(root["steps"], key: "steps", at: root.position), notes: &notes)
        let sport = root["sport"]?.text.flatMap(ImportedValues.label)
        let workout = Workout(
            name: root["name"]?.text.flatMap(ImportedValues.label) ?? fallback,
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

    /// The keys a step may have; a step with none of them is refused, never read as an empty open step.
    private static let stepKeys: Set<String> = ["type", "duration", "distance", "power", "target", "secondary", "description"]

    private static func step(_ item: YAMLNode, notes: inout ImportNotes) throws(WorkoutErrors) -> TimedStep {
        guard item.keys.contains(where: stepKeys.contains) else {
            let keys = item.keys.isEmpty ? "no keys" : "only " + item.keys.prefix(5).joined(separator: ", ")
            throw importError(
                item.position,
                "this step has \(keys): a garmin-workouts step has a type, a duration, a power or a target (\(stepKeys.sorted().joined(separator: ", ")))"
            )
        }
        let targets = GarminWorkoutsTarget.targets(of: item, notes: &notes)
        YAMLWorkoutReader.warnUnread(item, reads: stepKeys, notes: &notes)
        let type = item["type"]?.text?.lowercased() ?? ""
        let kind = kinds[type] ?? .work
        let name = item["description"]?.text.flatMap(ImportedValues.label)
        var length = item["duration"]
        if let written = length?.text?.trimmingSpaces().lowercased(), ["lap.button", "lap_button", "lap"].contains(written) {
            // Garmin's "Lap Button Press": the step lasts until the lap key.
            length = nil
        }
        if let distance = item["distance"] {
            guard length == nil else {
                notes.warn(distance.position, "this step has a duration and a distance: the duration is kept, the distance dropped")
                return try YAMLWorkoutReader.step(kind, length: length, name: name, targets: targets)
            }
            // A bare number of a distance is metres, never seconds.
            length =
                distance.text.flatMap(\.decimalValue).map {
                    YAMLNode(value: .scalar("\(JSONText.number($0))mtr"), tag: nil, position: distance.position, size: 1)
                } ?? distance
        }
        return try YAMLWorkoutReader.step(kind, length: length, name: name, targets: targets)
    }
}
