/// How hard to work by heart rate: beats per minute, a share of LTHR or of maximum heart rate, or a zone.
///
/// Written `140-150 bpm`, `85-90% LTHR`, `75% max` (or `75% max HR`) or `Z2` (or `Z2 HR`; Friel's
/// five zones on LTHR).
/// Percentages are kept as written (85 for 85 %) and written to JSON as fractions (0.85).
public struct HeartRateTarget: Sendable, Equatable, CustomStringConvertible {
    /// What a heart-rate target's numbers are; the raw value is its JSON name.
    public enum Unit: String, Sendable {
        case bpm
        /// A zone number, 1 to 5.
        case zone
        /// Percent of lactate threshold heart rate (JSON: fractions).
        case lthr
        /// Percent of maximum heart rate (JSON: fractions).
        case max
    }

    public let unit: Unit
    public let span: TargetSpan

    public init(unit: Unit, span: TargetSpan) {
        self.unit = unit
        self.span = span
    }

    static let examples = "140-150 bpm, 85-90% LTHR, 75% max or Z2"

    /// Reads a heart-rate target as written in a workout file.
    public init(parsing text: String) throws(TargetError) {
        if let zone = try WrittenTarget.zone(in: text, count: 5, of: "heart-rate", named: "Friel's heart-rate", suffix: "hr") {
            self.init(unit: .zone, span: TargetSpan(TargetRange(Double(zone))))
            return
        }
        let written = WrittenTarget(text)
        try written.requireValue(example: Self.examples)
        let (unit, rule): (Unit, TargetRule)
        switch written.unit {
        case "bpm": (unit, rule) = (.bpm, .bpm)
        case "%lthr": (unit, rule) = (.lthr, .lthr)
        case "%max", "%maxhr": (unit, rule) = (.max, .maxHeartRate)
        case "%": throw TargetError("say \(written.values)% of what: write \(written.values)% LTHR or \(written.values)% max")
        case "": throw TargetError("say what \(written.values) is: write \(written.values) bpm")
        default:
            throw written.unknownUnit(of: "heart-rate", among: ["bpm", "%lthr", "%max"], write: "a target such as \(Self.examples)")
        }
        let span = try written.numberSpan(rule, kind: "heart-rate", rampExample: nil, example: Self.examples)
        self.init(unit: unit, span: span)
    }

    /// As written, for the display: `140–150 bpm`, `85–90 % LTHR`, `75 % max HR`, `Z2 HR`.
    public var description: String {
        switch unit {
        case .bpm: span.text(TargetNumber.written) + " bpm"
        case .lthr: span.text(TargetNumber.written) + " % LTHR"
        case .max: span.text(TargetNumber.written) + " % max HR"
        case .zone: "Z" + TargetNumber.whole(span.start.low) + " HR"
        }
    }

    /// In both forms when the threshold is known (`85–90 % LTHR · 145–153 bpm`, `140–150 bpm · 82–88 % LTHR`);
    /// a zone with its range (`Z2 HR · 85–89 % LTHR`, and `· 145–151 bpm` with LTHR).
    public func description(with thresholds: TargetThresholds) -> String {
        switch unit {
        case .bpm:
            guard let lthr = thresholds.lthr, lthr > 0 else { return description }
            return description + " · " + span.mapped { $0 / lthr * 100 }.values(TargetNumber.whole) + " % LTHR"
        case .lthr, .max:
            guard let threshold = unit == .lthr ? thresholds.lthr : thresholds.maxHeartRate else { return description }
            return description + " · " + span.mapped { $0 * threshold / 100 }.values(TargetNumber.whole) + " bpm"
        case .zone:
            guard let range = TargetZones.heartRate.text(zone: span.start.low, { $0 }, TargetNumber.written) else { return description }
            let percent = description + " · " + range + " % LTHR"
            guard let lthr = thresholds.lthr,
                let beats = TargetZones.heartRate.text(zone: span.start.low, { $0 * lthr / 100 }, TargetNumber.whole)
            else { return percent }
            return percent + " · " + beats + " bpm"
        }
    }

    /// The `"heart_rate"` object of `show --json` and `phase.start`.
    public var json: String {
        "{\"unit\":\"" + unit.rawValue + "\"," + span.jsonMembers(dividedBy: unit == .lthr || unit == .max ? 100 : 1) + "}"
    }
}
