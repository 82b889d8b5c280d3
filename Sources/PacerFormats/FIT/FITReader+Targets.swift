import PacerWorkout

/// A workout step's targets, primary and secondary: power, heart rate, speed (as a pace) and
/// cadence, each read by the model's own parser.
extension FITReader {
    mutating func targets(of message: FITMessages.Message) -> WrittenTargets {
        var targets = WrittenTargets()
        for fields in FITProfile.TargetFields.both {
            guard let number = message.number(fields.type) else { continue }
            let type = FITProfile.TargetType(rawValue: UInt8(clamping: number))
            guard type != .open else { continue }
            let zone = message.number(fields.value).flatMap { $0 > 0 ? $0 : nil }
            let (low, high) = (message.number(fields.low) ?? 0, message.number(fields.high) ?? 0)
            let range = (min(low, high), max(low, high))
            switch type {
            case .power?:
                let offset = FITProfile.Scale.powerOffset
                let text = zone.map { "Z\($0)" } ?? (range.0 >= offset ? Self.text(range.0 - offset, range.1 - offset, " W") : Self.text(range.0, range.1, "%"))
                targets.power = read(text, message, "power") { text throws(TargetError) in try PowerTarget(parsing: text) }.map(PerRound.same)
            case .heartRate?:
                let offset = FITProfile.Scale.heartRateOffset
                let text = zone.map { "Z\($0)" } ?? (range.0 > offset ? Self.text(range.0 - offset, range.1 - offset, " bpm") : Self.text(range.0, range.1, "% max"))
                targets.heartRate = read(text, message, "heart-rate") { text throws(TargetError) in try HeartRateTarget(parsing: text) }.map(PerRound.same)
            case .speed?:
                let text = zone.map { "Z\($0)" } ?? Self.pace(fromSpeeds: range)
                targets.pace = read(text, message, "speed") { text throws(TargetError) in try PaceTarget(parsing: text) }.map(PerRound.same)
            case .cadence? where zone == nil:
                targets.cadence = read(Self.text(range.0, range.1, " rpm"), message, "cadence") { text throws(TargetError) in try CadenceTarget(parsing: text) }.map(PerRound.same)
            default:
                notes.warn(atByte: message.offset, "a target pacer does not keep (FIT target type \(number)\(zone.map { ", zone \($0)" } ?? "")): left out")
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
            let seconds = Int((1000 * FITProfile.Scale.speed / Double(speed)).rounded())
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
