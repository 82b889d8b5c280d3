import PacerFoundation
import PacerWorkout

/// Reads the targets of a garmin-workouts step as that tool writes them: `power: 88` (percent of
/// FTP, `88-94`, `250W`), and `target` (or `secondary`): a mapping of a Garmin target `type`
/// (`power.zone`, `heart.rate.zone`, `pace.zone`, `speed.zone`, `cadence`) with a `zone` or a
/// `min` and `max`, or a name: `POWER_ZONE_2`, `HEART_RATE_ZONE_3`, `PACE_ZONE_1`, else a target
/// set in that tool's own settings, which pacer does not have.
enum GarminWorkoutsTarget {
    /// What a Garmin target type sets in pacer.
    private enum Kind: String {
        case power, heartRate = "heart rate", pace, cadence
    }

    private static let types: [String: Kind] = [
        "power.zone": .power, "power": .power, "heart.rate.zone": .heartRate, "heart_rate": .heartRate, "pace.zone": .pace, "pace": .pace,
        "speed.zone": .pace, "cadence": .cadence, "cadence.zone": .cadence,
    ]
    private static let namedZones: [(prefix: String, kind: Kind)] = [
        ("POWER_ZONE_", .power), ("HEART_RATE_ZONE_", .heartRate), ("HR_ZONE_", .heartRate), ("PACE_ZONE_", .pace), ("SPEED_ZONE_", .pace),
    ]

    /// The targets `step` gives, each one pacer cannot keep a warning at its place.
    static func targets(of step: YAMLNode, notes: inout ImportNotes) -> WrittenTargets {
        var targets = WrittenTargets()
        if let power = step["power"] {
            let text = (power.text ?? "").trimmingSpaces()
            targets.power = ImportedValues.power(
                text.hasSuffix("%") || text.lowercased().hasSuffix("w") ? text : text + "%", at: power.position, notes: &notes
            ).map(PerRound.same)
        }
        for key in ["target", "secondary"] {
            if let target = step[key] { read(target, into: &targets, notes: &notes) }
        }
        return targets
    }

    private static func read(_ target: YAMLNode, into targets: inout WrittenTargets, notes: inout ImportNotes) {
        switch target.value {
        case .scalar(let name):
            let upper = name.trimmingSpaces().uppercased()
            if upper.isEmpty || upper == "NO.TARGET" || upper == "NO_TARGET" { return }
            if let named = namedZones.first(where: { upper.hasPrefix($0.prefix) }), let zone = Int(upper.dropFirst(named.prefix.count)) {
                set(named.kind, "Z\(zone)", at: target.position, into: &targets, notes: &notes)
                return
            }
            notes.warn(
                target.position,
                "the target \(name) is set in garmin-workouts' own settings (its targets file), which pacer does not have: the step keeps no target from it"
            )
        case .sequence:
            notes.warn(
                target.position,
                "a target is a name or a mapping such as {type: power.zone, zone: 2}, not a list: the step keeps no target from it")
        case .mapping:
            mapping(target, into: &targets, notes: &notes)
        }
    }

    /// `{type: power.zone, zone: 2}` or `{type: heart.rate.zone, min: 140, max: 150}`.
    private static func mapping(_ target: YAMLNode, into targets: inout WrittenTargets, notes: inout ImportNotes) {
        YAMLWorkoutReader.warnUnread(target, reads: ["type", "zone", "min", "max", "value"], notes: &notes)
        let type = target["type"]?.text?.trimmingSpaces().lowercased() ?? ""
        if type == "no.target" { return }
        guard let kind = types[type] else {
            let known = "power.zone, heart.rate.zone, pace.zone, speed.zone or cadence"
            notes.warn(
                target["type"]?.position ?? target.position,
                "the target type \(type.isEmpty ? "(none)" : type) is not one pacer has (\(known)): the step keeps no target from it")
            return
        }
        if let zone = target["zone"] {
            guard kind != .cadence else {
                notes.warn(zone.position, "a cadence zone is set in Garmin Connect, which pacer does not have: the step keeps no cadence")
                return
            }
            set(kind, "Z" + (zone.text ?? "").trimmingSpaces(), at: zone.position, into: &targets, notes: &notes)
            return
        }
        let values = [target["min"] ?? target["value"], target["max"] ?? target["value"]].compactMap { $0 }
        guard let first = values.first, let low = first.text?.trimmingSpaces(), let high = values.last?.text?.trimmingSpaces() else {
            notes.warn(target.position, "this \(kind.rawValue) target gives neither a zone nor min and max: the step keeps none")
            return
        }
        let number = { (value: String) in String(value.filter { $0 != "%" && $0 != "w" && $0 != "W" }).trimmingSpaces() }
        let text = low == high ? number(low) : number(low) + "-" + number(high)
        if kind == .pace, type == "speed.zone", let pace = pace(fromSpeeds: low, high) {
            targets.pace = ImportedValues.target(pace.text, at: first.position, notes: &notes, kind: "pace") { () throws(TargetError) in
                try PaceTarget(secondsPerKilometre: pace.seconds)
            }.map(PerRound.same)
            return
        }
        let written =
            switch kind {
            case .power: low.lowercased().hasSuffix("w") ? text + " W" : text + "%"
            case .heartRate: low.hasSuffix("%") ? text + "% max" : text + " bpm"
            case .pace: type == "speed.zone" || text.contains("/") ? text : PaceClocks.fasterFirst(text) + "/km"
            case .cadence: text + " rpm"
            }
        set(kind, written, at: first.position, into: &targets, notes: &notes)
    }

    /// A speed range in metres a second as the seconds per km it stands for, to the second (the
    /// faster speed the fewer), and as the pace a warning shows (`4:10-4:30/km`); nil when either
    /// end is no speed.
    private static func pace(fromSpeeds low: String, _ high: String) -> (seconds: ClosedRange<Double>, text: String)? {
        guard let slow = ImportedValues.number(low), let fast = ImportedValues.number(high), slow > 0, fast > 0 else { return nil }
        let seconds = { (speed: Double) in (1000 / speed).rounded() }
        // In floating point: a crawl of 1e-300 m/s is past any integer's range, and is refused as a pace, not trapped on.
        let clock = { (speed: Double) -> String in
            let minutes = (seconds(speed) / 60).rounded(.down)
            let rest = seconds(speed) - minutes * 60
            return JSONText.number(minutes) + ":" + (rest < 10 ? "0" : "") + JSONText.number(rest)
        }
        let text = slow == fast ? clock(slow) + "/km" : clock(max(slow, fast)) + "-" + clock(min(slow, fast)) + "/km"
        return (min(seconds(slow), seconds(fast))...max(seconds(slow), seconds(fast)), text)
    }

    private static func set(
        _ kind: Kind, _ text: String, at position: SourcePosition, into targets: inout WrittenTargets, notes: inout ImportNotes
    ) {
        switch kind {
        case .power: targets.power = ImportedValues.power(text, at: position, notes: &notes).map(PerRound.same)
        case .heartRate: targets.heartRate = ImportedValues.heartRate(text, at: position, notes: &notes).map(PerRound.same)
        case .pace: targets.pace = ImportedValues.pace(text, at: position, notes: &notes).map(PerRound.same)
        case .cadence: targets.cadence = ImportedValues.cadence(text, at: position, notes: &notes).map(PerRound.same)
        }
    }
}
