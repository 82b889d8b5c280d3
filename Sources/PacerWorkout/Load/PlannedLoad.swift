import PacerFoundation

/// The training load a plan asks for, from its power targets: time in each of Coggan's power
/// zones, and where the scale allows, planned kJ, normalised power, IF and TSS. The formulas and
/// what steps without a power target count for are in docs/training-load.md.
public struct PlannedLoad: Sendable, Equatable {
    /// Seconds in one power zone.
    public struct ZoneTime: Sendable, Equatable {
        /// The zone, 1 to 7.
        public let zone: Int
        public let seconds: Double
    }

    /// The seconds with a power target: what every figure counts.
    public let seconds: Double
    /// The planned seconds without a power target (free rides, rests without one, ...), left out.
    public let leftOutSeconds: Double
    /// The time in each zone that has any, lowest first; empty when the scale is watts without FTP.
    public let zones: [ZoneTime]
    /// Work in kilojoules: the sum of watts × seconds / 1000; needs watts (FTP, or targets in watts).
    public let kilojoules: Double?
    /// Normalised power in watts; needs watts.
    public let normalizedPower: Double?
    /// Normalised power as a percentage of FTP; needs targets relative to FTP, or FTP.
    public let normalizedPercent: Double?
    /// Intensity factor: normalised power / FTP.
    public let intensityFactor: Double?
    /// Training stress score: seconds × NP × IF / (FTP × 3600) × 100.
    public let stressScore: Double?

    /// The load of `plan` for the athlete's `thresholds`; nil when no timed step has a power target.
    public init?(plan: Plan) {
        self.init(profile: PowerProfile(plan: plan))
    }

    /// The load of `profile`; nil when it has no power target.
    public init?(profile: PowerProfile) {
        let samples = profile.secondBySecond()
        guard let normalized = NormalizedPower.of(samples.map(\.value)) else { return nil }
        seconds = profile.targetSeconds
        leftOutSeconds = max(0, profile.length.seconds - seconds)
        let work = samples.reduce(0) { $0 + $1.value * $1.seconds }
        switch profile.scale {
        case .watts:
            zones = []
            (kilojoules, normalizedPower) = (work / 1000, normalized)
            (normalizedPercent, intensityFactor, stressScore) = (nil, nil, nil)
        case .percentOfFTP:
            var zoneSeconds = [Double](repeating: 0, count: TargetZones.power.bounds.count)
            for sample in samples { zoneSeconds[TargetZones.power.zone(ofPercent: sample.value) - 1] += sample.seconds }
            zones = zoneSeconds.enumerated().filter { $0.element > 0 }.map { ZoneTime(zone: $0.offset + 1, seconds: $0.element) }
            kilojoules = profile.ftp.map { work * $0 / 100 / 1000 }
            normalizedPower = profile.ftp.map { normalized * $0 / 100 }
            normalizedPercent = normalized
            let intensity = normalized / 100
            intensityFactor = intensity
            stressScore = TrainingStress.score(seconds: seconds, intensityFactor: intensity)
        }
    }

    /// The `"load"` object of `show --json`: each figure known, rounded (kJ, NP and TSS to a
    /// tenth, IF to a thousandth), and the seconds in each zone.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("seconds", raw: Self.number(seconds, places: 3))
        if let kilojoules { object.add("kj", raw: Self.number(kilojoules, places: 1)) }
        if let normalizedPower { object.add("np", raw: Self.number(normalizedPower, places: 1)) }
        if let intensityFactor { object.add("if", raw: Self.number(intensityFactor, places: 3)) }
        if let stressScore { object.add("tss", raw: Self.number(stressScore, places: 1)) }
        if !zones.isEmpty {
            object.add(
                "zones", raw: "{" + zones.map { "\"Z\($0.zone)\":" + Self.number($0.seconds, places: 3) }.joined(separator: ",") + "}")
        }
        return object.text
    }

    private static func number(_ value: Double, places: Int) -> String {
        let scale = [1.0, 10, 100, 1000][places]
        return JSONText.number((value * scale).rounded() / scale)
    }
}
