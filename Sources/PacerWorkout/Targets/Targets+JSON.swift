import PacerFoundation

/// Reading targets back from the JSON `Targets.add(to:)` writes (the `show --json` and
/// `phase.start` contract), as the history stores them.
///
/// Each target is turned back into the text a workout file would hold (`88-94%`, `ramp 50-75%`,
/// `4:30/km`) and read by its parser, so a stored target passes exactly the checks a written one
/// does; what no workout file can hold (a value out of range, a ramp of anything but power, a
/// ramp between ranges) is refused with the parser's message.
extension Targets {
    /// The targets in `value`, an object of the contract's fields (`"power"`, `"heart_rate"`,
    /// `"pace"`, `"cadence"`, `"free_ride"`); an empty object is no target.
    public init(contract value: JSONValue) throws(TargetError) {
        guard case .object(let members) = value.content else { throw TargetError("the targets are \(value.typeName), not an object") }
        self.init()
        var freeRide = false
        for member in members {
            let value = member.value
            switch member.key {
            case "power":
                power = try PowerTarget(
                    parsing: Self.written(value, "power", units: ["ftp": .percent("%"), "watts": .number(" W"), "zone": .zone]))
            case "heart_rate":
                heartRate = try HeartRateTarget(
                    parsing: Self.written(
                        value, "heart_rate",
                        units: [
                            "bpm": .number(" bpm"), "lthr": .percent("% LTHR"), "max": .percent("% max"), "zone": .zone,
                        ]))
            case "pace":
                pace = try PaceTarget(
                    parsing: Self.written(
                        value, "pace",
                        units: [
                            "s/km": .clock("/km"), "s/mi": .clock("/mi"), "s/100m": .clock("/100m"), "threshold": .percent("%"),
                            "zone": .zone,
                        ]))
            case "cadence": cadence = try CadenceTarget(parsing: Self.written(value, "cadence", units: [nil: .number(" rpm")]))
            case "free_ride":
                guard case .bool(true) = value.content else { throw TargetError("free_ride is \(value.typeName), not true") }
                freeRide = true
            default: throw TargetError("unknown field \"\(member.key)\"")
            }
        }
        if freeRide {
            guard power == nil else { throw TargetError("a free ride has no power target") }
            power = .freeRide
        }
    }

    /// How a contract unit's numbers are written in a workout file.
    private enum Spelling {
        /// A fraction written as a percentage, followed by the suffix: `0.9` → `90%`.
        case percent(String)
        /// The number as it is, followed by the suffix: `250 W`.
        case number(String)
        /// Seconds as minutes:seconds, followed by the suffix: `270` → `4:30/km`.
        case clock(String)
        /// A zone number: `Z3`.
        case zone
    }

    /// The text a workout file would hold for the target object `value` of field `key`, whose
    /// `"unit"` is one of `units` (the key nil: the object has no unit).
    private static func written(_ value: JSONValue, _ key: String, units: [String?: Spelling]) throws(TargetError) -> String {
        guard case .object(let members) = value.content else { throw TargetError("\(key) is \(value.typeName), not an object") }
        var unit: String?
        var start: [Double]?
        var end: [Double]?
        for member in members {
            switch member.key {
            case "unit" where units[nil] == nil:
                guard case .string(let text) = member.value.content else {
                    throw TargetError("\(key).unit is \(member.value.typeName), not a string")
                }
                unit = text
            case "start": start = try pair(member.value, "\(key).start")
            case "end": end = try pair(member.value, "\(key).end")
            // The watts a power target is with FTP: derived, so not read.
            case "watts" where key == "power": break
            // The pace a share of threshold pace or a zone is with threshold pace: derived, so not read.
            case "paces" where key == "pace": break
            default: throw TargetError("\(key) has an unknown field \"\(member.key)\"")
            }
        }
        guard let spelling = units[unit] else {
            let known = units.keys.compactMap { $0 }.sorted().joined(separator: ", ")
            throw TargetError(unit.map { "\(key).unit \"\($0)\" is not one of \(known)" } ?? "\(key) has no unit (one of \(known))")
        }
        guard let start else { throw TargetError("\(key) has no start") }
        let (low, high) = (start[0], start[1])
        let (endLow, endHigh) = end.map { ($0[0], $0[1]) } ?? (low, high)
        if case .zone = spelling {
            guard low == high, endLow == low, endHigh == high else {
                throw TargetError("\(key) is a zone, so its start and end are one number")
            }
            return "Z" + JSONText.number(low)
        }
        let text = { (value: Double) throws(TargetError) -> String in try Self.text(value, spelling, key) }
        let suffix =
            switch spelling {
            case .percent(let suffix), .number(let suffix), .clock(let suffix): suffix
            case .zone: ""
            }
        if (endLow, endHigh) == (low, high) {
            return try text(low) + (low == high ? "" : "-" + text(high)) + suffix
        }
        guard low == high, endLow == endHigh else {
            throw TargetError("\(key) ramps from one range to another: a ramp goes from one value to another")
        }
        return try "ramp " + text(low) + "-" + text(endLow) + suffix
    }

    /// `[low, high]`, two numbers from 0 to below a million (no target comes near: 3000 W, 3599 s/km).
    private static func pair(_ value: JSONValue, _ path: String) throws(TargetError) -> [Double] {
        guard case .array(let items) = value.content, items.count == 2 else { throw TargetError("\(path) is not [low, high]") }
        return try items.map { (item: JSONValue) throws(TargetError) -> Double in
            guard case .number(let number) = item.content else { throw TargetError("\(path) holds \(item.typeName), not a number") }
            guard number >= 0, number < 1_000_000 else {
                throw TargetError("\(path) holds \(JSONText.number(number)), which no target can be")
            }
            return number
        }
    }

    /// One value as a workout file writes it; a percentage rounded to a millionth, so `0.94`
    /// reads as `94`, not `94.00000000000001`.
    private static func text(_ value: Double, _ spelling: Spelling, _ key: String) throws(TargetError) -> String {
        switch spelling {
        case .percent: return JSONText.number((value * 100 * 1_000_000).rounded() / 1_000_000)
        case .number, .zone: return JSONText.number(value)
        case .clock:
            guard let seconds = Int(exactly: value), seconds >= 0 else {
                throw TargetError("\(key) holds \(JSONText.number(value)), not a whole number of seconds")
            }
            return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + String(seconds % 60)
        }
    }
}
