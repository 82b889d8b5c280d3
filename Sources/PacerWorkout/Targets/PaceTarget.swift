/// How fast to run, row or swim: time per kilometre, mile or 100 m, a share of threshold pace, or a zone.
///
/// Written `4:30/km`, `4:20-4:40/km`, `7:00/mi`, `1:45/100m`, `95%` (of threshold speed: more is
/// faster; also `95% threshold pace`, as the display writes it) or `Z3` (or `Z3 pace`). Paces are kept in seconds per unit, percentages as written (95 for 95 %) and
/// written to JSON as fractions (0.95).
public struct PaceTarget: Sendable, Equatable, CustomStringConvertible {
    /// What a pace target's numbers are; the raw value is its JSON name.
    public enum Unit: String, Sendable {
        case perKilometre = "s/km"
        case perMile = "s/mi"
        case per100Metres = "s/100m"
        /// A pace zone number, 1 to 5.
        case zone
        /// Percent of threshold pace, as speed (JSON: fractions).
        case threshold
    }

    public let unit: Unit
    public let span: TargetSpan

    public init(unit: Unit, span: TargetSpan) {
        self.unit = unit
        self.span = span
    }

    /// A mile in kilometres, to turn a pace per mile into one per kilometre.
    static let kilometresPerMile = 1.609344

    static let examples = "4:30/km, 4:20-4:40/km, 7:00/mi, 1:45/100m, 95% or Z3"

    /// Reads a pace target as written in a workout file.
    public init(parsing text: String) throws(TargetError) {
        if let zone = try WrittenTarget.zone(in: text, count: 5, of: "pace", named: "pace", suffix: "pace") {
            self.init(unit: .zone, span: TargetSpan(TargetRange(Double(zone))))
            return
        }
        let written = WrittenTarget(text)
        try written.requireValue(example: Self.examples)
        let unit: Unit
        switch written.unit {
        case "/km": unit = .perKilometre
        case "/mi": unit = .perMile
        case "/100m": unit = .per100Metres
        case "%", "%threshold", "%thresholdpace":
            let span = try written.numberSpan(.thresholdPace, kind: "pace", rampExample: nil, example: Self.examples)
            self.init(unit: .threshold, span: span)
            return
        case "": throw TargetError("say per what: write \(written.values)/km, \(written.values)/mi or \(written.values)/100m")
        default:
            throw written.unknownUnit(of: "pace", among: ["/km", "/mi", "/100m"], write: "a pace such as \(Self.examples)")
        }
        let per = written.unit
        let low = try Self.seconds(written.first, per: per)
        let high: Double? = if let second = written.second { try Self.seconds(second, per: per) } else { nil }
        let span = try written.span(low: low, high: high, .clock(per: per), kind: "pace", rampExample: nil, example: Self.examples)
        self.init(unit: unit, span: span)
    }

    /// The seconds of a pace written `m:ss`.
    private static func seconds(_ written: String, per: String) throws(TargetError) -> Double {
        let parts = written.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = Int(parts[0]), parts[1].count == 2, let seconds = Int(parts[1]) else {
            throw TargetError("write a pace as minutes:seconds per unit, such as 4:30\(per) (not \(written)\(per))")
        }
        guard seconds < 60 else {
            throw TargetError(
                "\(written)\(per) has \(seconds) seconds: write seconds below 60, such as \(minutes + 1):\(seconds < 70 ? "0" : "")\(seconds - 60)\(per)"
            )
        }
        guard minutes > 0 || seconds > 0 else { throw noTime(per: per) }
        return Double(minutes * 60 + seconds)
    }

    /// The refusal of a pace of no seconds per `per` (`/km`).
    static func noTime(per: String) -> TargetError {
        TargetError("a pace of 0:00 would take no time: write minutes:seconds per unit, such as 4:30\(per)")
    }

    /// As written, for the display: `4:20–4:40 /km`, `7:00 /mi`, `1:45 /100m`, `95 % threshold pace`, `Z3 pace`;
    /// a pace worked out for a zone open at one end as `5:48 /km or slower`, `4:30 /km or faster`.
    public var description: String {
        switch unit {
        case .perKilometre: perDistance(" /km")
        case .perMile: perDistance(" /mi")
        case .per100Metres: perDistance(" /100m")
        case .threshold: span.text(TargetNumber.written) + " % threshold pace"
        case .zone: "Z" + TargetNumber.whole(span.start.low) + " pace"
        }
    }

    /// In both forms when threshold pace is known: `95 % threshold pace · 4:13 /km`, `4:00 /km · 100 % threshold pace`,
    /// a zone with its range, `Z2 pace · 77.5–87.7 % threshold pace · 4:34–5:10 /km` (per mile when threshold pace was given per mile).
    public func description(with thresholds: TargetThresholds) -> String {
        guard let threshold = thresholds.thresholdPace, threshold > 0 else { return description }
        switch unit {
        case .threshold:
            return resolved(with: thresholds).map { description + " · " + $0.description } ?? description
        case .zone:
            guard let resolved = resolved(with: thresholds),
                let range = TargetZones.pace.text(zone: span.start.low, { $0 }, TargetNumber.written)
            else { return description }
            return description + " · " + range + " % threshold pace · " + resolved.description
        case .perKilometre:
            return description + " · " + span.mapped { threshold * 100 / $0 }.values(TargetNumber.whole) + " % threshold pace"
        case .perMile:
            return description + " · " + span.mapped { threshold * Self.kilometresPerMile * 100 / $0 }.values(TargetNumber.whole)
                + " % threshold pace"
        case .per100Metres: return description
        }
    }

    /// The values and `per`: `4:20–4:40 /km`, or a range open at one end as `5:48 /km or slower`
    /// (no upper end) or `4:30 /km or faster` (from 0 s).
    private func perDistance(_ per: String) -> String {
        let range = span.start
        if !span.isRamp, !range.isSingle {
            if !range.high.isFinite { return TargetNumber.clock(range.low) + per + " or slower" }
            if range.low <= 0 { return TargetNumber.clock(range.high) + per + " or faster" }
        }
        return span.text(TargetNumber.clock) + per
    }

    /// The `"pace"` object of `show --json` and `phase.start`; with threshold pace a share of it or a
    /// zone also carries the pace it is, `"paces": {"unit": "s/km", "start": [..], "end": [..]}` in
    /// whole seconds (not a zone open at one end, Z1 or Z5).
    public func json(with thresholds: TargetThresholds = .none) -> String {
        var text = "{\"unit\":\"" + unit.rawValue + "\"," + span.jsonMembers(dividedBy: unit == .threshold ? 100 : 1)
        if unit == .threshold || unit == .zone, let resolved = resolved(with: thresholds),
            [resolved.span.start, resolved.span.end].allSatisfy({ $0.low >= 1 && $0.high < 360_000 })
        {
            text += ",\"paces\":{\"unit\":\"" + resolved.unit.rawValue + "\"," + resolved.span.mapped { $0.rounded() }.jsonMembers() + "}"
        }
        return text + "}"
    }
}
