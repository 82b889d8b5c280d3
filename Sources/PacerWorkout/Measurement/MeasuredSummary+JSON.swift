import PacerFoundation

extension MeasuredSummary {
    /// Adds `"measured"` (each channel's `avg` and `max`, and for power `np` and `kj`) and
    /// `"in_target"` (each targeted channel's seconds `inside`, `below` and `above`), when anything
    /// was measured: the fields `phase.end` and `session.end` carry.
    public func add(to object: inout JSONObjectWriter) {
        guard !isEmpty else { return }
        object.add("measured", raw: measuredJSON)
        if !adherence.isEmpty { object.add("in_target", raw: adherenceJSON) }
    }

    /// `{"power":{"avg":243.4,"max":260,"np":245.1,"kj":29.2},…}`.
    public var measuredJSON: String {
        var measured = JSONObjectWriter()
        for channel in MeasuredChannel.allCases {
            guard let statistics = channels[channel] else { continue }
            var fields = JSONObjectWriter()
            fields.add("avg", raw: Self.number(statistics.average))
            fields.add("max", raw: Self.number(statistics.maximum))
            if channel == .power {
                if let normalizedPower { fields.add("np", raw: Self.number(normalizedPower)) }
                if let work { fields.add("kj", raw: Self.number(work / 1000)) }
            }
            measured.add(channel.rawValue, raw: fields.text)
        }
        return measured.text
    }

    /// `{"power":{"inside":100,"below":15,"above":5}}`.
    public var adherenceJSON: String {
        var object = JSONObjectWriter()
        for channel in MeasuredChannel.allCases {
            guard let seconds = adherence[channel] else { continue }
            object.add(channel.rawValue, raw: "{\"inside\":\(seconds.inside),\"below\":\(seconds.below),\"above\":\(seconds.above)}")
        }
        return object.text
    }

    /// A value to one decimal, as short as it is exact.
    private static func number(_ value: Double) -> String {
        JSONText.number((value * 10).rounded() / 10)
    }
}
