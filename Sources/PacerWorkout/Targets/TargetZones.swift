/// Training zones as ranges of a threshold: Coggan's seven power zones on FTP, Friel's five
/// heart-rate zones on LTHR, five pace zones on threshold pace.
public struct TargetZones: Sendable {
    /// Each zone's lowest and highest percentage of the threshold; nil where it is open-ended.
    public let bounds: [(low: Double?, high: Double?)]

    /// Coggan's power zones in % of FTP: Z1 up to 55, Z2 56–75, Z3 76–90, Z4 91–105, Z5 106–120, Z6 121–150, Z7 from 151.
    public static let power = TargetZones(bounds: [(nil, 55), (56, 75), (76, 90), (91, 105), (106, 120), (121, 150), (151, nil)])

    /// Friel's heart-rate zones in % of LTHR: Z1 up to 84, Z2 85–89, Z3 90–94, Z4 95–99, Z5 from 100.
    public static let heartRate = TargetZones(bounds: [(nil, 84), (85, 89), (90, 94), (95, 99), (100, nil)])

    /// Pace zones in % of threshold pace as speed (more is faster): intervals.icu's, which are
    /// Friel's run zones, with its Z5a, Z5b and Z5c as one Z5: Z1 up to 77.5, Z2 77.5–87.7, Z3
    /// 87.7–94.3, Z4 94.3–100, Z5 from 100.
    public static let pace = TargetZones(bounds: [(nil, 77.5), (77.5, 87.7), (87.7, 94.3), (94.3, 100), (100, nil)])

    /// The zone (1-based) a percentage of the threshold falls in, decided in whole tenths of a
    /// percent (`zone(ofPermille:)`), so that a value worked out as 104.99999… or 105.00…1 % is
    /// the 105 % it stands for; a value between two zones' bounds (55.5 %) counts in the higher.
    public func zone(ofPercent percent: Double) -> Int {
        guard percent.isFinite else { return percent > 0 ? bounds.count : 1 }
        return zone(ofPermille: Int((min(max(percent, -1e9), 1e9) * 10).rounded()))
    }

    /// The zone (1-based) of a share of the threshold in tenths of a percent: exact, the one rule
    /// every zone Pacer shows is decided by (a zone's highest bound is in it: 1050 ‰ is Z4).
    public func zone(ofPermille permille: Int) -> Int {
        for (index, zone) in bounds.enumerated() {
            if let high = zone.high, permille <= Int(high * 10) { return index + 1 }
        }
        return bounds.count
    }

    /// `56–75`, `up to 55`, `from 151`: zone `zone`'s range with each value through `value` and written by `number`.
    /// Nil when `zone` is not one of the table's zones.
    func text(zone: Double, _ value: (Double) -> Double, _ number: (Double) -> String) -> String? {
        guard zone.rounded() == zone, zone >= 1, zone <= Double(bounds.count) else { return nil }
        return switch bounds[Int(zone) - 1] {
        case (nil, let high?): "up to " + number(value(high))
        case (let low?, nil): "from " + number(value(low))
        case (let low?, let high?): TargetRange(value(low), value(high)).text(number)
        case (nil, nil): nil
        }
    }
}
