import PacerWorkout

/// A workout step's targets, primary and secondary: power, heart rate, speed (as a pace) and
/// cadence, each made from its numbers by its type's row of `readings` and held to the limits of
/// a written target.
extension FITReader {
    /// A target's numbers as a step holds them: its zone (nil for none), its custom range low to
    /// high, and the byte its message starts at.
    struct TargetNumbers {
        let zone: UInt64?
        let low: UInt64
        let high: UInt64
        let offset: Int
    }

    /// A custom range as FIT says it for one unit of a target type: the lowest low value in that
    /// unit (FIT tells watts from % of FTP, and bpm from % of maximum, by an offset), the range as
    /// words for a warning, and the target it is.
    struct CustomRange<Target: Sendable>: Sendable {
        let from: UInt64
        let text: @Sendable (_ low: UInt64, _ high: UInt64) -> String
        let make: @Sendable (_ low: UInt64, _ high: UInt64) throws(TargetError) -> Target

        /// Values `offset` above what they say, in `unit`, from `from` up.
        static func values(
            from: UInt64 = 0, offset: UInt64 = 0, unit: String,
            _ make: @escaping @Sendable (ClosedRange<Double>) throws(TargetError) -> Target
        ) -> Self {
            Self(
                from: from, text: { FITReader.text($0 - offset, $1 - offset, unit) },
                make: { low, high throws(TargetError) in try make(Double(low - offset)...Double(high - offset)) })
        }
    }

    /// How one FIT target type becomes one of the step's targets: its word in warnings, the target
    /// a zone gives (none: its zone is not kept), and its custom ranges, the first whose `from`
    /// the low value reaches.
    struct TargetReading: Sendable {
        /// Reads the numbers into `targets`; false when the type has nothing that reads them.
        let read: @Sendable (inout FITReader, inout WrittenTargets, TargetNumbers) -> Bool

        init<Target: Sendable>(
            _ kind: String, store: @escaping @Sendable (inout WrittenTargets, PerRound<Target>?) -> Void,
            zone: (@Sendable (Int) throws(TargetError) -> Target)?, custom: [CustomRange<Target>]
        ) {
            read = { reader, targets, numbers in
                let made: Target?
                if let number = numbers.zone {
                    guard let zone else { return false }
                    made = reader.read("Z\(number)", atByte: numbers.offset, kind) { () throws(TargetError) in
                        try zone(Int(clamping: number))
                    }
                } else {
                    guard let range = custom.first(where: { numbers.low >= $0.from }) else { return false }
                    made = reader.read(range.text(numbers.low, numbers.high), atByte: numbers.offset, kind) { () throws(TargetError) in
                        try range.make(numbers.low, numbers.high)
                    }
                }
                store(&targets, made.map(PerRound.same))
                return true
            }
        }
    }

    /// The target types pacer keeps, each read by its row.
    static let readings: [FITProfile.TargetType: TargetReading] = [
        .power: TargetReading(
            "power", store: { $0.power = $1 }, zone: { zone throws(TargetError) in try PowerTarget(zone: zone) },
            custom: [
                .values(from: FITProfile.Scale.powerOffset, offset: FITProfile.Scale.powerOffset, unit: " W") { watts throws(TargetError) in
                    try PowerTarget(watts: watts)
                },
                .values(unit: "%") { percent throws(TargetError) in try PowerTarget(ftpPercent: percent) },
            ]),
        .heartRate: TargetReading(
            "heart-rate", store: { $0.heartRate = $1 }, zone: { zone throws(TargetError) in try HeartRateTarget(zone: zone) },
            custom: [
                .values(from: FITProfile.Scale.heartRateOffset + 1, offset: FITProfile.Scale.heartRateOffset, unit: " bpm") {
                    bpm throws(TargetError) in try HeartRateTarget(bpm: bpm)
                },
                .values(unit: "% max") { percent throws(TargetError) in try HeartRateTarget(maxPercent: percent) },
            ]),
        .speed: TargetReading(
            "speed", store: { $0.pace = $1 }, zone: { zone throws(TargetError) in try PaceTarget(zone: zone) },
            custom: [
                CustomRange(
                    from: 0, text: { FITReader.pace(fromSpeeds: ($0, $1)) },
                    make: { low, high throws(TargetError) in
                        let (fast, slow) = (FITReader.seconds(perKilometreAt: high), FITReader.seconds(perKilometreAt: low))
                        return try PaceTarget(secondsPerKilometre: Double(min(fast, slow))...Double(max(fast, slow)))
                    })
            ]),
        .cadence: TargetReading(
            "cadence", store: { $0.cadence = $1 }, zone: nil,
            custom: [.values(unit: " rpm") { rpm throws(TargetError) in try CadenceTarget(rpm: rpm) }]),
    ]

    mutating func targets(of message: FITMessages.Message) -> WrittenTargets {
        var targets = WrittenTargets()
        for fields in FITProfile.TargetFields.both {
            guard let number = message.number(fields.type) else { continue }
            let type = FITProfile.TargetType(rawValue: UInt8(clamping: number))
            guard type != .open else { continue }
            let zone = message.number(fields.value).flatMap { $0 > 0 ? $0 : nil }
            let (low, high) = (message.number(fields.low) ?? 0, message.number(fields.high) ?? 0)
            let numbers = TargetNumbers(zone: zone, low: min(low, high), high: max(low, high), offset: message.offset)
            guard let reading = type.flatMap({ Self.readings[$0] }), reading.read(&self, &targets, numbers) else {
                notes.warn(
                    atByte: message.offset,
                    "a target pacer does not keep (FIT target type \(number)\(zone.map { ", zone \($0)" } ?? "")): left out")
                continue
            }
        }
        return targets
    }

    /// `88-94%`, or `90%` when low and high are one value.
    fileprivate static func text(_ low: UInt64, _ high: UInt64, _ unit: String) -> String {
        low == high ? "\(low)\(unit)" : "\(low)-\(high)\(unit)"
    }

    /// Speeds in millimetres per second as a pace per kilometre: the lower speed is the slower pace.
    fileprivate static func pace(fromSpeeds speeds: (UInt64, UInt64)) -> String {
        func clock(_ speed: UInt64) -> String {
            let total = seconds(perKilometreAt: speed)
            return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + String(total % 60)
        }
        let (fast, slow) = (clock(speeds.1), clock(speeds.0))
        return (fast == slow ? fast : fast + "-" + slow) + "/km"
    }

    /// The whole seconds a kilometre takes at a speed in millimetres per second; 0 when it does not move.
    fileprivate static func seconds(perKilometreAt speed: UInt64) -> Int {
        speed > 0 ? Int((1000 * FITProfile.Scale.speed / Double(speed)).rounded()) : 0
    }

    /// A target made by `make`; one it refuses is left out with a warning at `offset` that shows
    /// it as `text`.
    fileprivate mutating func read<Target>(
        _ text: @autoclosure () -> String, atByte offset: Int, _ kind: String, _ make: () throws(TargetError) -> Target
    ) -> Target? {
        do throws(TargetError) {
            return try make()
        } catch {
            notes.warn(atByte: offset, "a \(kind) target of \(text()) is left out: \(error.message)")
            return nil
        }
    }
}
