import PacerCore

/// Reads a Garmin FIT workout file (`file_id` of type workout, `workout`, `workout_step`s) into
/// the one workout model: timed steps, steps by distance or left open (open steps), and
/// `repeat_until_steps_cmplt` steps folded back into repeats; power, heart-rate, speed and cadence
/// targets, each read by the model's own parser. What FIT says that pacer cannot carry is a
/// warning at its byte offset.
struct FITReader {
    private var notes = ImportNotes()

    private enum Message {
        static let fileID: UInt16 = 0, workout: UInt16 = 26, workoutStep: UInt16 = 27
    }

    static func read(_ bytes: [UInt8], name fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        let messages: [FITMessages.Message]
        do throws(FITMessages.Refusal) {
            messages = try FITMessages(bytes).messages
        } catch {
            throw Self.refusal(at: error.offset, error.message)
        }
        guard let fileID = messages.first(where: { $0.global == Message.fileID }) else {
            throw Self.refusal(at: 0, "no file_id message: this is no FIT workout file")
        }
        guard fileID.number(0) == 5 else {
            throw Self.refusal(at: fileID.offset, "a FIT file of type \(fileID.number(0).map(String.init) ?? "unknown"), not a workout (type 5): an activity or a course is not a workout")
        }
        let workout = messages.first { $0.global == Message.workout }
        var reader = FITReader()
        let steps = try reader.steps(messages.filter { $0.global == Message.workoutStep })
        let tags = workout?.number(4).flatMap(Self.sportTag).map { [$0] } ?? []
        return ImportedDraft(workout: Workout(name: workout?.text(8) ?? fallback, tags: tags, steps: steps), notes: reader.notes)
    }

    private static func refusal(at offset: Int, _ message: String) -> WorkoutErrors {
        WorkoutErrors([Diagnostic(.file, "at byte \(offset): \(message)")])
    }

    /// The workout's sport as a tag, as a Zwift file's sport type is one.
    private static func sportTag(_ sport: UInt64) -> String? {
        switch sport {
        case 1: "run"
        case 2: "bike"
        case 5: "swim"
        default: nil
        }
    }

    /// The steps in order; a repeat step takes the steps from the one it names up to itself into a repeat.
    private mutating func steps(_ messages: [FITMessages.Message]) throws(WorkoutErrors) -> [Step] {
        guard !messages.isEmpty else { throw Self.refusal(at: 0, "the workout has no workout_step messages: there is nothing to run") }
        var items: [(first: Int, step: Step)] = []
        for (position, message) in messages.enumerated() {
            let index = message.number(254).map { Int(clamping: $0) } ?? position
            guard message.number(1) == 6 else {
                items.append((index, .timed(timed(message))))
                continue
            }
            guard let from = message.number(2).map({ Int(clamping: $0) }), let count = message.number(4), count >= 1 else {
                throw Self.refusal(at: message.offset, "step \(index) repeats, but says neither from which step nor how many times")
            }
            let body = items[(items.lastIndex { $0.first < from }.map { $0 + 1 } ?? 0)...]
            guard !body.isEmpty, from < index else {
                throw Self.refusal(at: message.offset, "step \(index) repeats from step \(from), which is not a step before it")
            }
            items.removeLast(body.count)
            items.append((from, .repeated(RepeatStep(count: Int(clamping: count), steps: body.map(\.step)))))
        }
        return items.map(\.step)
    }

    private mutating func timed(_ message: FITMessages.Message) -> TimedStep {
        let kind = Self.kind(ofIntensity: message.number(7))
        var step = TimedStep(kind: kind, duration: nil, name: message.text(0).map(PerRound.same), cue: message.text(8).map(PerRound.same),
                             targets: targets(of: message))
        switch message.number(1) {
        case 0?:
            if let milliseconds = message.number(2), milliseconds > 0, milliseconds <= UInt64(WorkoutDuration.maximumStep.milliseconds) {
                step.duration = .same(WorkoutDuration(milliseconds: Int64(milliseconds)))
            } else {
                notes.warn(atByte: message.offset, "a timed step without a time it can last: it is an open step here, ended with done")
            }
        case 1?:
            if let centimetres = message.number(2), centimetres > 0 {
                step.distance = .same(JSONText.number(Double(centimetres) / 100) + " m")
            }
        case 5?, nil:
            break
        case let other?:
            notes.warn(atByte: message.offset, "a step that ends on a condition pacer does not measure (FIT duration type \(other)): it is an open step here, ended with done")
        }
        return step
    }

    /// FIT's intensity as a phase kind: active and interval are work, rest and recovery rest.
    private static func kind(ofIntensity intensity: UInt64?) -> PhaseKind {
        switch intensity {
        case 1, 4: .rest
        case 2: .warmup
        case 3: .cooldown
        default: .work
        }
    }

    // MARK: - Targets

    private mutating func targets(of message: FITMessages.Message) -> WrittenTargets {
        var targets = WrittenTargets()
        // The primary target's field numbers, then the secondary's.
        let places: [(type: UInt8, value: UInt8, low: UInt8, high: UInt8)] = [(3, 4, 5, 6), (19, 20, 21, 22)]
        for fields in places {
            guard let type = message.number(fields.type), type != 2 else { continue }
            let zone = message.number(fields.value).flatMap { $0 > 0 ? $0 : nil }
            let (low, high) = (message.number(fields.low) ?? 0, message.number(fields.high) ?? 0)
            let range = (min(low, high), max(low, high))
            switch type {
            case 4:
                let text = zone.map { "Z\($0)" } ?? (range.0 >= 1000 ? Self.text(range.0 - 1000, range.1 - 1000, " W") : Self.text(range.0, range.1, "%"))
                targets.power = read(text, message, "power") { text throws(TargetError) in try PowerTarget(parsing: text) }.map(PerRound.same)
            case 1:
                let text = zone.map { "Z\($0)" } ?? (range.0 > 100 ? Self.text(range.0 - 100, range.1 - 100, " bpm") : Self.text(range.0, range.1, "% max"))
                targets.heartRate = read(text, message, "heart-rate") { text throws(TargetError) in try HeartRateTarget(parsing: text) }.map(PerRound.same)
            case 0:
                let text = zone.map { "Z\($0)" } ?? Self.pace(fromSpeeds: range)
                targets.pace = read(text, message, "speed") { text throws(TargetError) in try PaceTarget(parsing: text) }.map(PerRound.same)
            case 3 where zone == nil:
                targets.cadence = read(Self.text(range.0, range.1, " rpm"), message, "cadence") { text throws(TargetError) in try CadenceTarget(parsing: text) }.map(PerRound.same)
            default:
                notes.warn(atByte: message.offset, "a target pacer does not keep (FIT target type \(type)\(zone.map { ", zone \($0)" } ?? "")): left out")
            }
        }
        return targets
    }

    /// `88-94%`, or `90%` when low and high are one value.
    private static func text(_ low: UInt64, _ high: UInt64, _ unit: String) -> String {
        low == high ? "\(low)\(unit)" : "\(low)-\(high)\(unit)"
    }

    /// Speeds in millimetres per second as a pace per kilometre: the lower speed is the slower pace.
    private static func pace(fromSpeeds speeds: (UInt64, UInt64)) -> String {
        func clock(_ speed: UInt64) -> String {
            guard speed > 0 else { return "0:00" }
            let seconds = Int((1_000_000 / Double(speed)).rounded())
            return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + String(seconds % 60)
        }
        let (fast, slow) = (clock(speeds.1), clock(speeds.0))
        return (fast == slow ? fast : fast + "-" + slow) + "/km"
    }

    /// A target read by the model's parser; one it refuses is left out with a warning.
    private mutating func read<Target>(_ text: String, _ message: FITMessages.Message, _ kind: String,
                                       _ parse: (String) throws(TargetError) -> Target) -> Target? {
        do throws(TargetError) {
            return try parse(text)
        } catch {
            notes.warn(atByte: message.offset, "a \(kind) target of \(text) is left out: \(error.message)")
            return nil
        }
    }
}
