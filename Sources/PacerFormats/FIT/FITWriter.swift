import PacerFoundation
import PacerWorkout

/// Writes a workout as a Garmin FIT workout file: `file_id` (a workout, with its own serial number
/// and time), `workout` (name and sport) and a `workout_step` per step, timed, by distance or open,
/// with a `repeat_until_steps_cmplt` step after each run of steps folded back into a repeat. A
/// step carries two targets at most (`FITWriter+Targets`). A value a field cannot hold is refused
/// or written as near as the field allows, with a warning: nothing changes without a word.
struct FITWriter {
    typealias StepField = FITProfile.WorkoutStepField

    let thresholds: TargetThresholds
    let identity: FITFileIdentity
    var notes = ExportNotes()

    /// The most steps a FIT workout holds here: its message indexes are 16-bit.
    static let maximumSteps = 60_000

    /// The longest distance a step holds: centimetres in 32 bits, all ones meaning none.
    static let longestDistanceMetres = Double(UInt32.max - 1) / FITProfile.Scale.distance

    mutating func bytes(of workout: Workout, steps: [ExportStep]) throws(ExportRefusal) -> [UInt8] {
        var messages: [[FITEncoding.Field]] = []
        for block in ExportBlock.fold(steps, same: { $0.sameButRound($1) }) {
            switch block {
            case .step(let step):
                messages.append(try fields(of: step, name: step.name, index: messages.count))
            case .repeated(let count, let round):
                let first = messages.count
                for step in round { messages.append(try fields(of: step, name: step.nameInRepeat, index: messages.count)) }
                // Back to the round's first step, `count` times in all.
                messages.append([
                    .number(StepField.messageIndex, clamping: messages.count),
                    .enumeration(StepField.durationType, FITProfile.DurationType.repeatUntilStepsComplete),
                    .number(StepField.durationValue, UInt32(first)), .number(StepField.targetValue, UInt32(count)),
                ])
            }
            guard messages.count <= Self.maximumSteps else {
                throw ExportRefusal("the workout has more than \(Self.maximumSteps) steps written out, more than a FIT workout holds")
            }
        }
        let sport = Self.sport(ExportSport(of: workout, steps: steps))
        var content = FITEncoding()
        content.append(
            message: .workout,
            [
                .enumeration(FITProfile.WorkoutField.sport, sport.sport), .enumeration(FITProfile.WorkoutField.subSport, sport.subSport),
                .number(FITProfile.WorkoutField.numberOfValidSteps, clamping: messages.count),
                .string(FITProfile.WorkoutField.name, text(workout.name, of: "the workout's name")),
            ])
        for message in messages { content.append(message: .workoutStep, message) }
        var file = FITEncoding()
        file.append(message: .fileID, identity.fileID(digest: content.digest))
        file.append(contentsOf: content)
        return file.bytes
    }

    private mutating func fields(of step: ExportStep, name: String, index: Int) throws(ExportRefusal) -> [FITEncoding.Field] {
        var fields: [FITEncoding.Field] = [.number(StepField.messageIndex, clamping: index), .string(StepField.name, text(name, of: name))]
        switch step.length {
        case .time(let duration):
            fields += [
                .enumeration(StepField.durationType, FITProfile.DurationType.time),
                .number(StepField.durationValue, UInt32(duration.milliseconds)),
            ]
        case .distance(let metres):
            guard metres <= Self.longestDistanceMetres else {
                throw ExportRefusal(
                    "\"\(step.name)\" covers \(ImportedValues.distance(metres: metres)), and a FIT step covers at most \(ImportedValues.distance(metres: Self.longestDistanceMetres.rounded(.down)))"
                )
            }
            fields += [
                .enumeration(StepField.durationType, FITProfile.DurationType.distance),
                .number(StepField.durationValue, UInt32((metres * FITProfile.Scale.distance).rounded())),
            ]
        case .open:
            fields.append(.enumeration(StepField.durationType, FITProfile.DurationType.open))
        }
        var targets = self.targets(of: step)
        if targets.count > 2 {
            notes.note("a FIT step has two targets at most: the others (after power, heart rate and speed) are dropped", step: step.name)
            targets = Array(targets.prefix(2))
        }
        fields += (targets.first ?? Target(type: .open)).fields(in: .primary)
        fields.append(.enumeration(StepField.intensity, Self.intensity(of: step.kind)))
        if let cue = step.cue { fields.append(.string(StepField.notes, text(cue, of: step.name))) }
        if targets.count == 2 { fields += targets[1].fields(in: .secondary) }
        if !step.cues.isEmpty {
            notes.note("FIT has no timed cues: a step's cue is kept as its notes, its timed cues are dropped", step: step.name)
        }
        return fields
    }

    /// A name or notes as one line; one longer than a FIT string holds is cut, with a warning.
    private mutating func text(_ text: String, of step: String) -> String {
        let line = ExportText.line(text)
        if line.utf8.count > FITEncoding.longestString {
            notes.note("FIT holds \(FITEncoding.longestString) bytes of text in a name or notes: longer ones are cut there", step: step)
        }
        return line
    }

    /// Active, rest, warm-up or cool-down (a prepare step is a rest).
    static func intensity(of kind: PhaseKind) -> FITProfile.Intensity {
        switch kind {
        case .work, .reps: .active
        case .rest, .prepare: .rest
        case .warmup: .warmup
        case .cooldown: .cooldown
        }
    }

    /// FIT's sport and sub-sport for each sport pacer tells apart.
    private static func sport(_ sport: ExportSport) -> (sport: FITProfile.Sport, subSport: FITProfile.SubSport) {
        switch sport {
        case .running: (.running, .generic)
        case .cycling: (.cycling, .generic)
        case .swimming: (.swimming, .generic)
        case .walking: (.walking, .generic)
        case .rowing: (.rowing, .generic)
        case .strength: (.training, .strengthTraining)
        case .hiit: (.hiit, .generic)
        case .other: (.training, .generic)
        }
    }
}
