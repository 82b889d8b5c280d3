import PacerFoundation

/// How hard to ride: a share of FTP, watts or a Coggan zone, held or ramped; or a free ride.
///
/// Written `90%`, `88-94%` (of FTP), `250 W`, `200-220 W`, `Z3`, `ramp 50-75%`, `ramp 150-250 W`
/// (from the first value at the start to the second at the end) or `free`. Percentages are kept
/// as written (90 for 90 %) and written to JSON as fractions of FTP (0.9).
public enum PowerTarget: Sendable, Equatable, CustomStringConvertible {
    /// No target: ride as you like, and the display says so.
    case freeRide
    /// A target in `unit` through the step.
    case target(Unit, TargetSpan)

    /// What a power target's numbers are; the raw value is its JSON name.
    public enum Unit: String, Sendable {
        /// Percent of FTP (JSON: fractions).
        case ftp
        case watts
        /// A Coggan zone number, 1 to 7.
        case zone
    }

    static let examples = "90%, 88-94%, 250 W, 200-220 W, Z3, ramp 50-75% or free"

    /// Reads a power target as written in a workout file.
    public init(parsing text: String) throws(TargetError) {
        let written = WrittenTarget(text)
        if written.text.lowercased() == "free" {
            self = .freeRide
            return
        }
        if let zone = try WrittenTarget.zone(in: written.text, count: 7, of: "power", named: "Coggan's power") {
            self = .target(.zone, TargetSpan(TargetRange(Double(zone))))
            return
        }
        if written.text.isEmpty { throw TargetError("write a power target such as \(Self.examples)") }
        if written.isRamp, written.first.isEmpty {
            throw TargetError("a ramp goes from one value to another: write ramp 50-75% or ramp 150-250 W")
        }
        if written.first.isEmpty {
            let word = String(written.text.prefix { $0 != " " })
            if let near = Suggestion.closest(to: word, among: ["free", "ramp"]) {
                throw TargetError("unknown power target \"\(written.text)\" (did you mean \"\(near)\"?)")
            }
        }
        try written.requireValue(example: Self.examples)
        let (unit, rule): (Unit, TargetRule)
        switch written.unit {
        case "%": (unit, rule) = (.ftp, .ftp)
        case "w": (unit, rule) = (.watts, .watts)
        case "%ftp": throw TargetError("write \(written.values)% without \"FTP\": a power percentage is of FTP")
        case "": throw TargetError("say what \(written.values) is: write \(written.values)% (of FTP) or \(written.values) W")
        default:
            throw TargetError("unknown power unit \"\(written.writtenUnit)\": write \(written.values)% (of FTP) or \(written.values) W")
        }
        let span = try written.numberSpan(
            rule, kind: "power", rampExample: unit == .ftp ? "ramp 50-75%" : "ramp 150-250 W", example: Self.examples)
        self = .target(unit, span)
    }

    /// The unit, nil on a free ride.
    public var unit: Unit? {
        if case .target(let unit, _) = self { unit } else { nil }
    }

    /// The values through the step, nil on a free ride.
    public var span: TargetSpan? {
        if case .target(_, let span) = self { span } else { nil }
    }

    /// The target in whole watts: as written for a watts target, from FTP for a share of it; nil for
    /// a zone, a free ride, or a share of FTP when FTP is unknown.
    public func watts(with thresholds: TargetThresholds) -> TargetSpan? {
        switch self {
        case .target(.watts, let span): span
        case .target(.ftp, let span): thresholds.ftp.map { ftp in span.mapped { ($0 * ftp / 100).rounded() } }
        case .target(.zone, _), .freeRide: nil
        }
    }

    /// As written, for the display: `88–94 % FTP`, `ramp 50–75 % FTP`, `250 W`, `Z3`, `free ride`.
    public var description: String {
        switch self {
        case .freeRide: "free ride"
        case .target(.ftp, let span): span.text(TargetNumber.written) + " % FTP"
        case .target(.watts, let span): span.text(TargetNumber.written) + " W"
        case .target(.zone, let span): "Z" + TargetNumber.whole(span.start.low)
        }
    }

    /// In both forms when FTP is known (`88–94 % FTP · 220–235 W`, `250 W · 100 % FTP`); a zone
    /// with its range (`Z2 · 56–75 % FTP`, and `· 140–188 W` with FTP).
    public func description(with thresholds: TargetThresholds) -> String {
        switch self {
        case .freeRide: return description
        case .target(.ftp, let span):
            guard let ftp = thresholds.ftp else { return description }
            return description + " · " + span.mapped { $0 * ftp / 100 }.values(TargetNumber.whole) + " W"
        case .target(.watts, let span):
            guard let ftp = thresholds.ftp, ftp > 0 else { return description }
            return description + " · " + span.mapped { $0 / ftp * 100 }.values(TargetNumber.whole) + " % FTP"
        case .target(.zone, let span):
            guard let range = TargetZones.power.text(zone: span.start.low, { $0 }, TargetNumber.written) else { return description }
            let percent = description + " · " + range + " % FTP"
            guard let ftp = thresholds.ftp, let watts = TargetZones.power.text(zone: span.start.low, { $0 * ftp / 100 }, TargetNumber.whole)
            else { return percent }
            return percent + " · " + watts + " W"
        }
    }

    /// The target `fraction` of the way through its step: a ramp as the target now and where it
    /// is heading (`62 % → 75 % FTP`, then `· 155 → 188 W` with FTP; `150 W → 250 W`); any other as
    /// `description(with:)`.
    public func description(at fraction: Double, with thresholds: TargetThresholds) -> String {
        guard case .target(let unit, let span) = self, span.isRamp else { return description(with: thresholds) }
        let heading = TargetSpan(start: span.at(fraction: fraction), end: span.end)
        func moving(_ span: TargetSpan, _ symbol: String) -> String {
            span.start.text(TargetNumber.whole) + symbol + " → " + span.end.text(TargetNumber.whole) + symbol
        }
        switch unit {
        case .ftp:
            let percent = moving(heading, " %") + " FTP"
            guard let ftp = thresholds.ftp else { return percent }
            return percent + " · " + moving(heading.mapped { $0 * ftp / 100 }, "") + " W"
        case .watts:
            let watts = moving(heading, " W")
            guard let ftp = thresholds.ftp, ftp > 0 else { return watts }
            return watts + " · " + moving(heading.mapped { $0 / ftp * 100 }, "") + " % FTP"
        case .zone:
            return description(with: thresholds)
        }
    }

    /// The `"power"` object of `show --json` and `phase.start` (nil on a free ride, which is
    /// `"free_ride": true` instead); with FTP, an `ftp` or `watts` target also carries whole `"watts"`.
    public func json(with thresholds: TargetThresholds = .none) -> String? {
        guard case .target(let unit, let span) = self else { return nil }
        var text = "{\"unit\":\"" + unit.rawValue + "\"," + span.jsonMembers(dividedBy: unit == .ftp ? 100 : 1)
        if let ftp = thresholds.ftp, unit != .zone {
            text += ",\"watts\":{" + (watts(with: TargetThresholds(ftp: ftp)) ?? span).jsonMembers() + "}"
        }
        return text + "}"
    }
}
