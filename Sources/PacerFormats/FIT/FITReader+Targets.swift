import PacerWorkout

/// A workout step's targets, primary and secondary: power, heart rate, speed (as a pace) and
/// cadence, each made from its numbers and held to the limits of a written target.
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
            let (lowest, highest) = (Double(range.0), Double(range.1))
            switch type {
            case .power?:
                let offset = FITProfile.Scale.powerOffset
                targets.power =
                    if let zone {
                        read("Z\(zone)", message, "power") { () throws(TargetError) in try PowerTarget(zone: Int(clamping: zone)) }.map(
                            PerRound.same)
                    } else if range.0 >= offset {
                        read(Self.text(range.0 - offset, range.1 - offset, " W"), message, "power") { () throws(TargetError) in
                            try PowerTarget(watts: lowest - Double(offset)...highest - Double(offset))
                        }.map(PerRound.same)
                    } else {
                        read(Self.text(range.0, range.1, "%"), message, "power") { () throws(TargetError) in
                            try PowerTarget(ftpPercent: lowest...highest)
                        }.map(PerRound.same)
                    }
            case .heartRate?:
                let offset = FITProfile.Scale.heartRateOffset
                targets.heartRate =
                    if let zone {
                        read("Z\(zone)", message, "heart-rate") { () throws(TargetError) in try HeartRateTarget(zone: Int(clamping: zone)) }
                            .map(PerRound.same)
                    } else if range.0 > offset {
                        read(Self.text(range.0 - offset, range.1 - offset, " bpm"), message, "heart-rate") { () throws(TargetError) in
                            try HeartRateTarget(bpm: lowest - Double(offset)...highest - Double(offset))
                        }.map(PerRound.same)
                    } else {
                        read(Self.text(range.0, range.1, "% max"), message, "heart-rate") { () throws(TargetError) in
                            try HeartRateTarget(maxPercent: lowest...highest)
                        }.map(PerRound.same)
                    }
            case .speed?:
                targets.pace =
                    if let zone {
                        read("Z\(zone)", message, "speed") { () throws(TargetError) in try PaceTarget(zone: Int(clamping: zone)) }.map(
                            PerRound.same)
                    } else {
                        read(Self.pace(fromSpeeds: range), message, "speed") { () throws(TargetError) in
                            let (fast, slow) = (Self.seconds(perKilometreAt: range.1), Self.seconds(perKilometreAt: range.0))
                            return try PaceTarget(secondsPerKilometre: Double(min(fast, slow))...Double(max(fast, slow)))
                        }.map(PerRound.same)
                    }
            case .cadence? where zone == nil:
                targets.cadence = read(Self.text(range.0, range.1, " rpm"), message, "cadence") { () throws(TargetError) in
                    try CadenceTarget(rpm: lowest...highest)
                }.map(PerRound.same)
            default:
                notes.warn(
                    atByte: message.offset,
                    "a target pacer does not keep (FIT target type \(number)\(zone.map { ", zone \($0)" } ?? "")): left out")
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
            let total = seconds(perKilometreAt: speed)
            return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + String(total % 60)
        }
        let (fast, slow) = (clock(speeds.1), clock(speeds.0))
        return (fast == slow ? fast : fast + "-" + slow) + "/km"
    }

    /// The whole seconds a kilometre takes at a speed in millimetres per second; 0 when it does not move.
    private static func seconds(perKilometreAt speed: UInt64) -> Int {
        speed > 0 ? Int((1000 * FITProfile.Scale.speed / Double(speed)).rounded()) : 0
    }

    /// A target made by `make`; one it refuses is left out with a warning that shows it as `text`.
    private mutating func read<Target>(
        _ text: @autoclosure () -> String, _ message: FITMessages.Message, _ kind: String,
        _ make: () throws(TargetError) -> Target
    ) -> Target? {
        do throws(TargetError) {
            return try make()
        } catch {
            notes.warn(atByte: message.offset, "a \(kind) target of \(text()) is left out: \(error.message)")
            return nil
        }
    }
}
