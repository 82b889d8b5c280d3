extension TargetZones {
    /// The percentage a zone target counts as: the middle of the zone's range. An open-ended zone
    /// is taken to be as wide as its neighbour (power Z1 as 36–55, Z7 as 151–180). Nil when `zone`
    /// is not one of the table's zones.
    public func middle(ofZone zone: Double) -> Double? {
        guard zone.rounded() == zone, zone >= 1, zone <= Double(bounds.count), bounds.count > 1 else { return nil }
        let index = Int(zone) - 1
        let neighbour = bounds[index == 0 ? 1 : index - 1]
        let width = neighbour.high.flatMap { high in neighbour.low.map { high - $0 } }
        return switch (bounds[index], width) {
        case ((let low?, let high?), _): (low + high) / 2
        case ((nil, let high?), let width?): high - width / 2
        case ((let low?, nil), let width?): low + width / 2
        default: nil
        }
    }
}
