extension TargetThresholds {
    /// The thresholds known here, each replaced by `other`'s where that one is known: the command
    /// line's over the config's.
    public func overridden(by other: TargetThresholds) -> TargetThresholds {
        TargetThresholds(
            ftp: other.ftp ?? ftp, lthr: other.lthr ?? lthr, maxHeartRate: other.maxHeartRate ?? maxHeartRate,
            thresholdPace: other.thresholdPace ?? thresholdPace,
            thresholdPaceUnit: other.thresholdPace == nil ? thresholdPaceUnit : other.thresholdPaceUnit)
    }

    /// Functional threshold power checked: 1 to 3000 W, as a power target's watts.
    public static func checkedFTP(_ watts: Double, named name: String) throws(TargetError) -> Double {
        guard watts.isFinite, (1...3000).contains(watts) else {
            throw TargetError("\(name) is your functional threshold power in watts, from 1 to 3000, such as 250")
        }
        return watts
    }

    /// A threshold or maximum heart rate checked: 30 to 250 bpm.
    public static func checkedHeartRate(_ bpm: Double, named name: String) throws(TargetError) -> Double {
        guard bpm.isFinite, (30...250).contains(bpm) else {
            throw TargetError("\(name) is a heart rate in beats per minute, from 30 to 250, such as 165")
        }
        return bpm
    }

    /// The thresholds of one who gave only threshold pace, read from `4:30` or `4:30/km` (per
    /// kilometre) or `7:15/mi` (per mile): kept in seconds per kilometre, and the paces worked out
    /// from it shown per the distance it was given per.
    public static func thresholdPace(parsing text: String, named name: String) throws(TargetError) -> TargetThresholds {
        let example = "\(name) is your threshold pace per kilometre, such as 4:30 (or 7:15/mi per mile)"
        let pace: PaceTarget
        do throws(TargetError) {
            pace = try PaceTarget(parsing: text.contains("/") ? text : text + "/km")
        } catch {
            throw TargetError("\(name): \(error.message)")
        }
        guard !pace.span.isRamp, pace.span.start.isSingle else { throw TargetError(example) }
        switch pace.unit {
        case .perKilometre: return TargetThresholds(thresholdPace: pace.span.start.low)
        case .perMile:
            return TargetThresholds(thresholdPace: pace.span.start.low / PaceTarget.kilometresPerMile, thresholdPaceUnit: .perMile)
        case .per100Metres, .threshold, .zone: throw TargetError(example)
        }
    }
}
