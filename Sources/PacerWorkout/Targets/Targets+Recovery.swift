extension Targets {
    /// Whether the step is a recovery by its targets, each read on its own scale: power below
    /// 60 % of FTP (Zwift's grey zone) or in zone 1; else heart rate below 80 % of LTHR, below 72 %
    /// of maximum (the same point, LTHR being about 90 % of maximum) or in zone 1; else pace below 80 % of threshold pace or in zone 1. The first of
    /// these that is a share or a zone decides; watts, bpm and a pace per km say nothing without
    /// the athlete's thresholds, so a step with only those (or none) is not a recovery.
    public var asksForRecovery: Bool {
        let power: Bool? =
            switch self.power {
            case .target(.ftp, let span)?: span.highest < 60
            case .target(.zone, let span)?: span.start.low == 1
            case .target(.watts, _)?, .freeRide?, nil: nil
            }
        let heartRate: Bool? =
            switch heartRate?.unit {
            case .zone?: heartRate?.span.start.low == 1
            case .lthr?: heartRate.map { $0.span.highest < 80 }
            case .max?: heartRate.map { $0.span.highest < 72 }
            case .bpm?, nil: nil
            }
        let pace: Bool? =
            switch pace?.unit {
            case .zone?: pace?.span.start.low == 1
            case .threshold?: pace.map { $0.span.highest < 80 }
            case .perKilometre?, .perMile?, .per100Metres?, nil: nil
            }
        return (power ?? heartRate ?? pace) == true
    }
}

extension TargetSpan {
    /// The highest value the span reaches.
    var highest: Double { max(start.high, end.high) }
}
