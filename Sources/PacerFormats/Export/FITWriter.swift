import PacerCore

/// Writes a workout as a Garmin FIT workout file: `file_id` (a workout), `workout` and a
/// `workout_step` per step, timed, by distance or open, with a `repeat_until_steps_cmplt` step
/// after each run of steps folded back into a repeat. A step carries two targets at most (power,
/// heart rate, speed, cadence, in that order); FIT has no ramp, so a ramp is written as the range
/// it covers.
struct FITWriter {
    let thresholds: TargetThresholds
    var notes = ExportNotes()

    /// The most steps a FIT workout holds here: its message indexes are 16-bit.
    static let maximumSteps = 60_000

    /// A step's target as FIT writes it: its type, and a zone or a custom low and high.
    private struct Target {
        let type: UInt8
        var zone: UInt32?
        var low: UInt32 = 0
        var high: UInt32 = 0
    }

    private enum TargetType {
        static let speed: UInt8 = 0, heartRate: UInt8 = 1, open: UInt8 = 2, cadence: UInt8 = 3, power: UInt8 = 4
    }

    mutating func bytes(of workout: Workout, steps: [ExportStep]) throws(ExportRefusal) -> [UInt8] {
        var messages: [[FITEncoding.Field]] = []
        for block in ExportBlock.fold(steps, same: { $0.sameButRound($1) }) {
            switch block {
            case .step(let step):
                messages.append(try fields(of: step, name: step.name, index: messages.count))
            case .repeated(let count, let round):
                let first = messages.count
                for step in round { messages.append(try fields(of: step, name: step.nameInRepeat, index: messages.count)) }
                // repeat_until_steps_cmplt: back to the round's first step, `count` times in all.
                messages.append([.uint16(254, UInt16(messages.count)), .enumeration(1, 6), .uint32(2, UInt32(first)), .uint32(4, UInt32(count))])
            }
            guard messages.count <= Self.maximumSteps else {
                throw ExportRefusal("the workout has more than \(Self.maximumSteps) steps written out, more than a FIT workout holds")
            }
        }
        var file = FITEncoding()
        // type workout (5), manufacturer development (255), product 0.
        file.append(message: 0, [.enumeration(0, 5), .uint16(1, 255), .uint16(2, 0)])
        file.append(message: 26, [.enumeration(4, sport(of: workout, steps: steps)), .uint16(6, UInt16(messages.count)), .string(8, ExportText.line(workout.name))])
        for message in messages { file.append(message: 27, message) }
        return file.bytes
    }

    private mutating func fields(of step: ExportStep, name: String, index: Int) throws(ExportRefusal) -> [FITEncoding.Field] {
        var fields: [FITEncoding.Field] = [.uint16(254, UInt16(index)), .string(0, ExportText.line(name))]
        switch step.length {
        case .time(let duration): fields += [.enumeration(1, 0), .uint32(2, UInt32(duration.milliseconds))]
        case .distance(let metres): fields += [.enumeration(1, 1), .uint32(2, UInt32(min((metres * 100).rounded(), 4e9)))]
        case .open: fields.append(.enumeration(1, 5))
        }
        var targets = self.targets(of: step)
        if targets.count > 2 {
            notes.note("a FIT step has two targets at most: the others (after power, heart rate and speed) are dropped", step: step.name)
            targets = Array(targets.prefix(2))
        }
        let primary = targets.first ?? Target(type: TargetType.open)
        fields += [.enumeration(3, primary.type)]
        if primary.type != TargetType.open { fields += [.uint32(4, primary.zone ?? 0)] + (primary.zone == nil ? [.uint32(5, primary.low), .uint32(6, primary.high)] : []) }
        fields.append(.enumeration(7, Self.intensity(of: step.kind)))
        if let cue = step.cue { fields.append(.string(8, ExportText.line(cue))) }
        if targets.count == 2 {
            let secondary = targets[1]
            fields += [.enumeration(19, secondary.type), .uint32(20, secondary.zone ?? 0)]
            if secondary.zone == nil { fields += [.uint32(21, secondary.low), .uint32(22, secondary.high)] }
        }
        if !step.cues.isEmpty { notes.note("FIT has no timed cues: a step's cue is kept as its notes, its timed cues are dropped", step: step.name) }
        return fields
    }

    /// Active, rest, warm-up or cool-down (a prepare step is a rest).
    static func intensity(of kind: PhaseKind) -> UInt8 {
        switch kind {
        case .work, .reps: 0
        case .rest, .prepare: 1
        case .warmup: 2
        case .cooldown: 3
        }
    }

    /// Running when a step has a pace, cycling when one has power, else from the tags.
    private func sport(of workout: Workout, steps: [ExportStep]) -> UInt8 {
        if steps.contains(where: { $0.targets.pace != nil }) { return 1 }
        if steps.contains(where: { $0.targets.power != nil }) { return 2 }
        let tags = Set(workout.tags.map { $0.lowercased() })
        if !tags.isDisjoint(with: ["run", "running"]) { return 1 }
        if !tags.isDisjoint(with: ["bike", "cycling", "ride"]) { return 2 }
        return 10
    }

    // MARK: - Targets

    private mutating func targets(of step: ExportStep) -> [Target] {
        var targets: [Target] = []
        if let power = step.targets.power, let target = self.power(power, step: step) { targets.append(target) }
        if let heartRate = step.targets.heartRate { targets.append(self.heartRate(heartRate, step: step)) }
        if let pace = step.targets.pace, let target = speed(pace, step: step) { targets.append(target) }
        if let cadence = step.targets.cadence { targets.append(custom(TargetType.cadence, cadence.span, step: step) { $0 }) }
        return targets
    }

    /// Percent of FTP as is, watts with FIT's offset of 1000.
    private mutating func power(_ power: PowerTarget, step: ExportStep) -> Target? {
        switch power {
        case .freeRide: return nil
        case .target(.zone, let span): return Target(type: TargetType.power, zone: UInt32(span.start.low))
        case .target(.ftp, let span): return custom(TargetType.power, span, step: step) { $0 }
        case .target(.watts, let span): return custom(TargetType.power, span, step: step) { $0 + 1000 }
        }
    }

    /// Beats with FIT's offset of 100, percent of maximum as is; a share of LTHR as the zone it falls in.
    private mutating func heartRate(_ heartRate: HeartRateTarget, step: ExportStep) -> Target {
        switch heartRate.unit {
        case .zone: return Target(type: TargetType.heartRate, zone: UInt32(heartRate.span.start.low))
        case .bpm: return custom(TargetType.heartRate, heartRate.span, step: step) { $0 + 100 }
        case .max: return custom(TargetType.heartRate, heartRate.span, step: step) { $0 }
        case .lthr:
            let zone = TargetZones.heartRate.zone(ofPercent: ExportPower.middle(heartRate.span.start))
            notes.note("FIT gives heart rate in bpm or % of maximum: a share of LTHR is written as the zone it falls in", step: step.name)
            return Target(type: TargetType.heartRate, zone: UInt32(zone))
        }
    }

    /// A pace as speed in millimetres per second (a slower pace is the lower speed).
    private mutating func speed(_ pace: PaceTarget, step: ExportStep) -> Target? {
        let metres: Double
        switch pace.unit {
        case .zone: return Target(type: TargetType.speed, zone: UInt32(pace.span.start.low))
        case .perKilometre: metres = 1000
        case .perMile: metres = 1609.344
        case .per100Metres: metres = 100
        case .threshold:
            notes.note("FIT gives speed, and a share of threshold pace needs your threshold pace: dropped", step: step.name)
            return nil
        }
        return custom(TargetType.speed, pace.span, step: step) { metres / $0 * 1000 }
    }

    /// A custom low–high target, each value through `value`; a ramp as the range it covers.
    private mutating func custom(_ type: UInt8, _ span: TargetSpan, step: ExportStep, _ value: (Double) -> Double) -> Target {
        if span.isRamp { notes.note("FIT has no ramps: a ramp is written as the range it covers", step: step.name) }
        let values = [span.start.low, span.start.high, span.end.low, span.end.high].map { UInt32(min(max(value($0).rounded(), 0), 4e9)) }
        return Target(type: type, low: values.min() ?? 0, high: values.max() ?? 0)
    }
}
