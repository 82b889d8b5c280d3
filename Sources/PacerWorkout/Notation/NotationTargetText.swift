import PacerFoundation

/// Targets as a line of notation spells them after `@`, so that `NotationTargets` tells each apart
/// by its unit and its parser reads back the same target: `ramp 50-75%`, `250 W`, `Z3`, `free`,
/// `140-150 bpm`, `85-90% LTHR`, `75% max`, `Z2 HR`, `4:00/km`, `95% pace`, `Z3 pace`, `90 rpm`.
enum NotationTargetText {
    static func power(_ target: PowerTarget, _ path: String) throws(NotationUnsupported) -> String {
        switch target {
        case .freeRide: return "free"
        case .target(.zone, let span): return "Z" + TargetNumber.whole(span.start.low)
        case .target(let unit, let span): return try values(span, TargetNumber.written, path) + (unit == .ftp ? "%" : " W")
        }
    }

    static func heartRate(_ target: HeartRateTarget, _ path: String) throws(NotationUnsupported) -> String {
        switch target.unit {
        case .bpm: try values(target.span, TargetNumber.written, path) + " bpm"
        case .lthr: try values(target.span, TargetNumber.written, path) + "% LTHR"
        case .max: try values(target.span, TargetNumber.written, path) + "% max"
        case .zone: "Z" + TargetNumber.whole(target.span.start.low) + " HR"
        }
    }

    static func pace(_ target: PaceTarget, _ path: String) throws(NotationUnsupported) -> String {
        switch target.unit {
        case .perKilometre: try values(target.span, TargetNumber.clock, path) + "/km"
        case .perMile: try values(target.span, TargetNumber.clock, path) + "/mi"
        case .per100Metres: try values(target.span, TargetNumber.clock, path) + "/100m"
        case .threshold: try values(target.span, TargetNumber.written, path) + "% pace"
        case .zone: "Z" + TargetNumber.whole(target.span.start.low) + " pace"
        }
    }

    static func cadence(_ target: CadenceTarget, _ path: String) throws(NotationUnsupported) -> String {
        try values(target.span, TargetNumber.written, path) + " rpm"
    }

    /// One target as `write` spells it, or one per round in brackets with what surrounds the values
    /// alike in every round: `[100,105,110]%`, `[Z2,Z3] HR`, `ramp [50-75,60-80]%`.
    static func perRound<Target>(_ value: PerRound<Target>, _ path: String, _ write: (Target, String) throws(NotationUnsupported) -> String)
        throws(NotationUnsupported) -> String
    {
        guard value.variesByRound else { return try write(value.values[0], path) }
        let texts = try value.values.enumerated().map { round throws(NotationUnsupported) in
            try write(round.element, "\(path)[\(round.offset)]")
        }
        let parts = texts.map(split)
        guard let first = parts.first, parts.allSatisfy({ !$0.value.isEmpty && $0.before == first.before && $0.after == first.after })
        else {
            throw NotationUnsupported(
                description: "\(path) has targets per round that differ in more than their values (\(texts.joined(separator: ", "))), "
                    + "which the notation has no spelling for")
        }
        return first.before + "[" + parts.map(\.value).joined(separator: ",") + "]" + first.after
    }

    /// `ramp 50-75%` as `ramp `, `50-75` and `%`; `Z2 HR` as ``, `Z2` and ` HR`.
    private static func split(_ text: String) -> (before: String, value: String, after: String) {
        let before = text.hasPrefix("ramp ") ? "ramp " : ""
        let rest = text.dropFirst(before.count)
        var value = ""
        for character in rest {
            guard character.isASCIIDigit || ".:-".contains(character) || value.isEmpty && character == "Z" else { break }
            value.append(character)
        }
        return (before, value, String(rest.dropFirst(value.count)))
    }

    /// `88`, `88-94` or `ramp 50-75`: a ramp goes from one value to another, as files write it.
    private static func values(_ span: TargetSpan, _ number: (Double) -> String, _ path: String) throws(NotationUnsupported) -> String {
        guard let values = span.writtenValues(number) else {
            throw NotationUnsupported(description: "\(path) ramps between two ranges, which a target has no spelling for")
        }
        return values
    }
}
