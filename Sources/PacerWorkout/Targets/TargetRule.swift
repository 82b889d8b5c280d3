/// The values one kind of target takes and how a value out of them is refused, the same for a
/// target read from text (`88-94%`) and one made from numbers (`PowerTarget(ftpPercent: 88...94)`).
struct TargetRule: Sendable {
    let bounds: ClosedRange<Double>
    /// What follows a value in a message: `%`, ` W`, `/km`.
    let symbol: String
    /// The bounds in words, after "is out of range: ".
    let limits: String
    /// How a value is shown in a message.
    var shown: @Sendable (Double) -> String = TargetNumber.written

    static let ftp = TargetRule(bounds: 1...1000, symbol: "%", limits: "a power target is 1–1000 % of FTP")
    static let watts = TargetRule(bounds: 1...3000, symbol: " W", limits: "a power target is 1–3000 W")
    static let bpm = TargetRule(bounds: 30...250, symbol: " bpm", limits: "a heart rate is 30–250 bpm")
    static let lthr = TargetRule(bounds: 1...150, symbol: "% LTHR", limits: "a heart-rate percentage is 1–150")
    static let maxHeartRate = TargetRule(bounds: 1...150, symbol: "% max", limits: "a heart-rate percentage is 1–150")
    static let thresholdPace = TargetRule(bounds: 1...150, symbol: "%", limits: "a pace is 1–150 % of threshold pace")
    static let cadence = TargetRule(bounds: 1...250, symbol: " rpm", limits: "a cadence is 1–250 rpm")

    /// Seconds of a pace per `symbol` (`/km`), shown as `m:ss`.
    static func clock(per symbol: String) -> TargetRule {
        TargetRule(bounds: 1...3599, symbol: symbol, limits: "a pace is above 0:00 and below 60:00", shown: TargetNumber.clock)
    }

    /// Refuses a value out of bounds, saying what the bounds are.
    func check(_ value: Double) throws(TargetError) {
        guard bounds.contains(value) else {
            throw TargetError("\(shown(value))\(symbol) is out of range: \(limits)")
        }
    }

    /// `range` held through the step, each end checked.
    func held(_ range: ClosedRange<Double>) throws(TargetError) -> TargetSpan {
        try check(range.lowerBound)
        try check(range.upperBound)
        return TargetSpan(TargetRange(range.lowerBound, range.upperBound))
    }

    /// A ramp from `start` to `end` (held when they are one value), each checked.
    func ramp(from start: Double, to end: Double) throws(TargetError) -> TargetSpan {
        try check(start)
        try check(end)
        return TargetSpan(start: TargetRange(start), end: TargetRange(end))
    }

    /// Zone `zone` of `count` as a span, or the refusal of one there is not: `there is no power zone
    /// Z9: Coggan's power zones are Z1 to Z7`.
    static func zone(_ zone: Int, count: Int, of kind: String, named: String) throws(TargetError) -> TargetSpan {
        guard (1...count).contains(zone) else { throw noZone(String(zone), count: count, of: kind, named: named) }
        return TargetSpan(TargetRange(Double(zone)))
    }

    /// The refusal of a zone written `Z` and `digits` that is not one of `count`.
    static func noZone(_ digits: String, count: Int, of kind: String, named: String) -> TargetError {
        TargetError("there is no \(kind) zone Z\(digits): \(named) zones are Z1 to Z\(count)")
    }
}
