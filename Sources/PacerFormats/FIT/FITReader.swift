import PacerFoundation
import PacerWorkout

/// Reads a Garmin FIT workout file (`file_id` of type workout, `workout`, `workout_step`s) into
/// the one workout model: timed steps, steps by distance or left open (open steps), and repeat
/// steps folded back into repeats (`FITRepeats`); power, heart-rate, speed and cadence targets,
/// each read by the model's own parser. What FIT says that pacer cannot carry is a warning at its
/// byte offset.
struct FITReader {
    typealias StepField = FITProfile.WorkoutStepField

    var notes = ImportNotes()

    /// Whether a file has FIT's signature: `.FIT` in bytes 8 to 11 of its header.
    static func hasSignature(_ head: FileHead) -> Bool {
        head.bytes.count >= 12 && head.bytes[8..<12].elementsEqual(".FIT".utf8)
    }

    static func read(_ bytes: [UInt8], name fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        let messages: [FITMessages.Message]
        do throws(FITMessages.Refusal) {
            messages = try FITMessages(bytes, keeping: [.fileID, .workout, .workoutStep]).messages
        } catch {
            throw refusal(at: error.offset, error.message)
        }
        guard let fileID = messages.first(where: { $0.global == .fileID }) else {
            throw refusal(at: 0, "no file_id message: this is no FIT workout file")
        }
        let type = fileID.number(FITProfile.FileIDField.type)
        guard type == UInt64(FITProfile.FileType.workout.rawValue) else {
            throw refusal(
                at: fileID.offset,
                "a FIT file of type \(type.map(String.init) ?? "unknown"), not a workout (type \(FITProfile.FileType.workout.rawValue)): an activity or a course is not a workout"
            )
        }
        let workout = messages.first { $0.global == .workout }
        var reader = FITReader()
        let (steps, sources) = try reader.steps(messages.filter { $0.global == .workoutStep })
        let tags = workout.flatMap(Self.sportTag).map { [$0] } ?? []
        let name = workout.flatMap { Self.label($0, FITProfile.WorkoutField.name) } ?? fallback
        return ImportedDraft(
            workout: Workout(name: name, tags: tags, steps: steps), notes: reader.notes, sources: SourceMap(steps: sources))
    }

    static func refusal(at offset: Int, _ message: String) -> WorkoutErrors {
        WorkoutErrors([SourcePlace.byte(offset).diagnostic(message)])
    }

    /// The workout's sport as a tag, as a Zwift file's sport type is one: what pacer's own export
    /// writes for each sport it tells apart comes back as the tag it was written from.
    private static func sportTag(_ workout: FITMessages.Message) -> String? {
        let sport = workout.number(FITProfile.WorkoutField.sport).flatMap { FITProfile.Sport(rawValue: UInt8(clamping: $0)) }
        let subSport = workout.number(FITProfile.WorkoutField.subSport).flatMap { FITProfile.SubSport(rawValue: UInt8(clamping: $0)) }
        return switch (sport, subSport) {
        case (.running?, _): "run"
        case (.cycling?, _): "bike"
        case (.swimming?, _): "swim"
        case (.walking?, _): "walk"
        case (.rowing?, _): "row"
        case (.hiit?, _), (.training?, .cardioTraining?): "hiit"
        case (.training?, .strengthTraining?): "strength"
        default: nil
        }
    }

    /// The steps in order, each repeat step taking the steps it repeats (`FITRepeats`), and where
    /// each was read from.
    private mutating func steps(_ messages: [FITMessages.Message]) throws(WorkoutErrors) -> (steps: [Step], sources: [StepSource]) {
        guard !messages.isEmpty else { throw Self.refusal(at: 0, "the workout has no workout_step messages: there is nothing to run") }
        var repeats = FITRepeats()
        for (position, message) in messages.enumerated() {
            let index = message.number(StepField.messageIndex).map { Int(clamping: $0) } ?? position
            if let type = message.number(StepField.durationType), FITProfile.DurationType.isRepeat(type) {
                try repeats.close(message, index: index, notes: &notes)
            } else {
                repeats.append(timed(message), index: index, at: message.offset)
            }
        }
        return try repeats.steps()
    }

    private mutating func timed(_ message: FITMessages.Message) -> TimedStep {
        var step = TimedStep(
            kind: Self.kind(ofIntensity: message.number(StepField.intensity)), duration: nil,
            name: Self.label(message, StepField.name).map(PerRound.same), cue: Self.label(message, StepField.notes).map(PerRound.same),
            targets: targets(of: message))
        let value = message.number(StepField.durationValue)
        let type = message.number(StepField.durationType)
        switch type.flatMap({ FITProfile.DurationType(rawValue: UInt8(clamping: $0)) }) {
        case .time?:
            if let milliseconds = value, milliseconds > 0, milliseconds <= UInt64(WorkoutDuration.maximumStep.milliseconds) {
                step.duration = .same(WorkoutDuration(milliseconds: Int64(milliseconds)))
            } else {
                notes.warn(atByte: message.offset, "a timed step without a time it can last: it is an open step here, ended with done")
            }
        case .distance?:
            if let centimetres = value, centimetres > 0 {
                step.distance = .same(JSONText.number(Double(centimetres) / FITProfile.Scale.distance) + " m")
            }
        case .open?:
            break
        case nil where type == nil:
            break
        default:
            notes.warn(
                atByte: message.offset,
                "a step that ends on a condition pacer does not measure (FIT duration type \(type ?? 0)): it is an open step here, ended with done"
            )
        }
        return step
    }

    /// A name or notes as the model takes them, as every reader cleans them (`ImportedValues.label`:
    /// one line, without the braces of `{round}`); nil when blank.
    private static func label(_ message: FITMessages.Message, _ field: some FITProfile.Field) -> String? {
        message.text(field).flatMap(ImportedValues.label)
    }

    /// FIT's intensity as a phase kind: active and interval are work, rest and recovery rest.
    private static func kind(ofIntensity intensity: UInt64?) -> PhaseKind {
        switch intensity.flatMap({ FITProfile.Intensity(rawValue: UInt8(clamping: $0)) }) {
        case .rest?, .recovery?: .rest
        case .warmup?: .warmup
        case .cooldown?: .cooldown
        default: .work
        }
    }
}
