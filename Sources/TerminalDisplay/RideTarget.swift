import PacerFoundation
import PacerWorkout

/// What the ride screen shows of a step's main target (power, else heart rate, pace, cadence) at
/// one moment: its number for the big digits, what the number is, and the range a reading of the
/// channel that measures it is placed in.
struct RideTarget: Equatable {
    /// The channel that measures it: pace by speed.
    let channel: MeasuredChannel
    /// The number in the big digits' font: `200`, `190-210`, `4:30`, `88-94`.
    let digits: String
    /// What the number is: `W · 80 % FTP`, `% FTP`, `bpm`, `/km`, `/km · 95 %`, `rpm`.
    let unit: String
    /// The range a reading is inside, in the channel's unit (W, bpm, m/s, rpm); nil when it needs a
    /// threshold that is not known (a share of FTP without FTP), so a reading is shown uncoloured.
    let range: TargetRange?
    /// Metres a pace is given per (1000 for /km), for writing a speed as a pace; nil for the others.
    let paceMetres: Double?
    /// What a pace is given per, `/km`, for a reading of speed written as a pace; nil for the others.
    let paceUnit: String?

    /// The main target of `targets` `fraction` of the way through its step (a ramp's target now);
    /// nil when the step has none the big digits can show (a free ride, a pace zone without threshold pace).
    init?(_ targets: Targets, at fraction: Double) {
        let thresholds = targets.thresholds
        if let power = targets.power {
            guard let target = Self.power(power, at: fraction, ftp: thresholds.ftp) else { return nil }
            self = target
        } else if let heartRate = targets.heartRate {
            guard let target = Self.heartRate(heartRate, at: fraction, thresholds: thresholds) else { return nil }
            self = target
        } else if let pace = targets.pace {
            guard let target = Self.pace(pace, at: fraction, thresholds: thresholds) else { return nil }
            self = target
        } else if let cadence = targets.cadence {
            let range = cadence.span.at(fraction: fraction)
            self.init(channel: .cadence, digits: Self.whole(range), unit: "rpm", range: range, paceMetres: nil)
        } else {
            return nil
        }
    }

    private init(
        channel: MeasuredChannel, digits: String, unit: String, range: TargetRange?, paceMetres: Double? = nil, paceUnit: String? = nil
    ) {
        self.channel = channel
        self.digits = digits
        self.unit = unit
        self.range = range
        self.paceMetres = paceMetres
        self.paceUnit = paceUnit
    }

    /// A reading of the channel for the big digits: whole watts, bpm or rpm, a speed as its pace;
    /// `-` for none (a stale channel) or a speed too slow to be a pace.
    func digits(of reading: Double?) -> String {
        guard let reading else { return "-" }
        guard let metres = paceMetres else { return Self.whole(reading) }
        guard reading > 0, metres / reading < 3600 else { return "-" }
        return Self.clock(metres / reading)
    }

    /// The widest reading the big digits are laid out for, so that they keep their place as it changes.
    var readingTemplate: String { paceMetres == nil ? "000" : "00:00" }

    /// Where `reading` stands against the target; nil without a reading or a range to place it in.
    func standing(of reading: Double?) -> TargetStanding? {
        guard let reading, let range else { return nil }
        return TargetStanding(reading, in: range)
    }

    private static func power(_ power: PowerTarget, at fraction: Double, ftp: Double?) -> RideTarget? {
        let ftp = ftp.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        switch power {
        case .freeRide:
            return nil
        case .target(.watts, let span):
            let range = span.at(fraction: fraction)
            let share = ftp.map { " · " + whole(TargetRange(range.low / $0 * 100, range.high / $0 * 100)) + " % FTP" } ?? ""
            return RideTarget(channel: .power, digits: whole(range), unit: "W" + share, range: range, paceMetres: nil)
        case .target(.ftp, let span):
            let percent = span.at(fraction: fraction)
            guard let ftp else { return RideTarget(channel: .power, digits: whole(percent), unit: "% FTP", range: nil, paceMetres: nil) }
            let watts = TargetRange((percent.low * ftp / 100).rounded(), (percent.high * ftp / 100).rounded())
            return RideTarget(
                channel: .power, digits: whole(watts), unit: "W · " + whole(percent) + " % FTP", range: watts, paceMetres: nil)
        case .target(.zone, let span):
            let zone = Int(span.start.low)
            guard TargetZones.power.bounds.indices.contains(zone - 1) else { return nil }
            let bounds = TargetZones.power.bounds[zone - 1]
            let percent = TargetRange(bounds.low ?? 0, bounds.high ?? bounds.low ?? 0)
            guard let ftp else {
                return RideTarget(channel: .power, digits: whole(percent), unit: "% FTP · Z\(zone)", range: nil, paceMetres: nil)
            }
            let watts = TargetRange((percent.low * ftp / 100).rounded(), bounds.high.map { ($0 * ftp / 100).rounded() } ?? .infinity)
            let shown = bounds.high == nil ? String(Int(watts.low)) : whole(watts)
            return RideTarget(
                channel: .power, digits: shown, unit: "W · Z\(zone)" + (bounds.high == nil ? " and up" : ""), range: watts, paceMetres: nil)
        }
    }

    private static func heartRate(_ heartRate: HeartRateTarget, at fraction: Double, thresholds: TargetThresholds) -> RideTarget? {
        let written = heartRate.span.at(fraction: fraction)
        let percent: TargetRange
        let threshold: Double?
        let unit: String
        switch heartRate.unit {
        case .bpm:
            return RideTarget(channel: .heartRate, digits: whole(written), unit: "bpm", range: written, paceMetres: nil)
        case .lthr: (percent, threshold, unit) = (written, thresholds.lthr, "% LTHR")
        case .max: (percent, threshold, unit) = (written, thresholds.maxHeartRate, "% max HR")
        case .zone:
            let zone = Int(written.low)
            guard TargetZones.heartRate.bounds.indices.contains(zone - 1) else { return nil }
            let bounds = TargetZones.heartRate.bounds[zone - 1]
            (percent, threshold, unit) = (TargetRange(bounds.low ?? 0, bounds.high ?? 200), thresholds.lthr, "% LTHR · Z\(zone)")
        }
        guard let threshold, threshold > 0 else {
            return RideTarget(channel: .heartRate, digits: whole(percent), unit: unit, range: nil, paceMetres: nil)
        }
        let beats = TargetRange((percent.low * threshold / 100).rounded(), (percent.high * threshold / 100).rounded())
        return RideTarget(
            channel: .heartRate, digits: whole(beats), unit: "bpm · " + whole(percent) + " " + unit, range: beats, paceMetres: nil)
    }

    /// A pace's time per distance (worked out from threshold pace for a share of it or a zone, which
    /// it names: `/km · 95 %`, `/km · Z2`); a zone open at one end as its one pace (`/km · Z1 and slower`).
    private static func pace(_ pace: PaceTarget, at fraction: Double, thresholds: TargetThresholds) -> RideTarget? {
        let written = pace.span.at(fraction: fraction)
        let zone = pace.unit == .zone ? Int(exactly: written.low) : nil
        guard let resolved = pace.resolved(with: thresholds), let metres = resolved.metres else {
            guard pace.unit == .threshold else { return nil }
            return RideTarget(channel: .speed, digits: whole(written), unit: "% threshold pace", range: nil, paceMetres: nil, paceUnit: nil)
        }
        let perUnit =
            switch resolved.unit {
            case .perMile: "/mi"
            case .per100Metres: "/100m"
            case .perKilometre, .threshold, .zone: "/km"
            }
        let seconds = resolved.span.at(fraction: fraction)
        let digits: String
        var unit = perUnit + (pace.unit == .threshold ? " · " + whole(written) + " %" : zone.map { " · Z\($0)" } ?? "")
        if !seconds.high.isFinite {
            (digits, unit) = (clock(seconds.low), unit + " and slower")
        } else if seconds.low <= 0 {
            (digits, unit) = (clock(seconds.high), unit + " and faster")
        } else {
            digits = seconds.isSingle ? clock(seconds.low) : clock(seconds.low) + "-" + clock(seconds.high)
        }
        guard digits != "-" else { return nil }
        return RideTarget(
            channel: .speed, digits: digits, unit: unit, range: TargetRange(metres / seconds.high, metres / seconds.low),
            paceMetres: metres, paceUnit: perUnit)
    }

    /// `200` or `190-210`, to whole numbers.
    private static func whole(_ range: TargetRange) -> String {
        let (low, high) = (whole(range.low), whole(range.high))
        return low == high ? low : low + "-" + high
    }

    private static func whole(_ value: Double) -> String {
        guard let whole = Int(exactly: value.rounded()) else { return "-" }
        return String(whole)
    }

    /// Seconds as `m:ss`.
    private static func clock(_ seconds: Double) -> String {
        guard let whole = Int64(exactly: seconds.rounded()), whole >= 0, whole < 360_000 else { return "-" }
        return WorkoutDuration(milliseconds: whole * 1000).clock
    }
}
