import PacerFoundation

/// A plan's planned power over its timeline, on one scale: what each timed phase asks, where the
/// untimed steps (rep steps, open steps) fall, and the second-by-second series the load is
/// computed from (docs/training-load.md).
public struct PowerProfile: Sendable {
    /// What the profile's numbers are.
    public enum Scale: Sendable {
        /// Percent of FTP: with FTP known, or when the plan's targets are shares of FTP or zones.
        case percentOfFTP
        /// Watts: the plan's power targets are all in watts and FTP is unknown.
        case watts
    }

    public let scale: Scale
    /// FTP in watts, when known (and more than 0).
    public let ftp: Double?
    /// The timed phases' stretches, in order, none overlapping; time between them has no target.
    public let segments: [PowerSegment]
    /// The plan's planned time, which the segments lie in.
    public let length: WorkoutDuration
    /// Where each rep step and open step starts: they take no planned time.
    public let untimed: [WorkoutDuration]
    /// Whether some watts targets were left out because the plan mixes them with shares of FTP
    /// and FTP is unknown.
    public let wattsNeedFTP: Bool

    /// The profile of `plan`, with the athlete's FTP from its thresholds where known.
    public init(plan: Plan) {
        let ftp = plan.thresholds.ftp.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var units = Set<PowerTarget.Unit>()
        for index in plan.phases.indices where plan.phases[index].duration != nil {
            if let unit = plan.phases[index].targets.power?.unit { units.insert(unit) }
        }
        let scale: Scale = ftp != nil || units.contains(.ftp) || units.contains(.zone) ? .percentOfFTP : .watts
        var segments: [PowerSegment] = []
        var untimed: [WorkoutDuration] = []
        for index in plan.phases.indices {
            let start = plan.startOffsets[index]
            guard let duration = plan.phases[index].duration else {
                untimed.append(start)
                continue
            }
            // In a capped block, a phase is cut where the next one starts.
            let next = index + 1 < plan.phases.count ? plan.startOffsets[index + 1] : plan.planned
            let length = min(duration, next - start)
            guard length > .zero else { continue }
            segments.append(
                PowerSegment(start: start, length: length, power: Self.power(plan.phases[index].targets.power, scale: scale, ftp: ftp)))
        }
        self.scale = scale
        self.ftp = ftp
        self.segments = segments
        self.length = plan.planned
        self.untimed = untimed
        wattsNeedFTP = ftp == nil && scale == .percentOfFTP && units.contains(.watts)
    }

    /// A power target on `scale`: a range as its midpoint, a zone as its middle, watts as a
    /// share of FTP where the scale is percent (no target when FTP is unknown).
    private static func power(_ target: PowerTarget?, scale: Scale, ftp: Double?) -> PlannedPower {
        switch target {
        case nil: return .noTarget
        case .freeRide?: return .freeRide
        case .target(let unit, let span)?:
            let (start, end) = ((span.start.low + span.start.high) / 2, (span.end.low + span.end.high) / 2)
            switch (unit, scale) {
            case (.ftp, _): return .target(start: start, end: end)
            case (.zone, _):
                guard let middle = TargetZones.power.middle(ofZone: span.start.low) else { return .noTarget }
                return .target(start: middle, end: middle)
            case (.watts, .watts): return .target(start: start, end: end)
            case (.watts, .percentOfFTP):
                guard let ftp else { return .noTarget }
                return .target(start: start / ftp * 100, end: end / ftp * 100)
            }
        }
    }

    /// Whether any stretch has a power target.
    public var hasTarget: Bool {
        segments.contains { if case .target = $0.power { true } else { false } }
    }

    /// The seconds with a power target.
    public var targetSeconds: Double {
        segments.reduce(0) { total, segment in
            if case .target = segment.power { total + segment.length.seconds } else { total }
        }
    }

    /// What the plan asks over `count` equal slices of its timeline, first to last.
    public func slices(count: Int) -> [ProfileSlice] {
        guard count > 0, length > .zero else { return [] }
        let total = Double(length.milliseconds)
        var slices: [ProfileSlice] = []
        slices.reserveCapacity(count)
        var first = 0
        for index in 0..<count {
            let (from, to) = (total * Double(index) / Double(count), total * Double(index + 1) / Double(count))
            var slice = ProfileSlice(seconds: (to - from) / 1000)
            while first < segments.count, Double(segments[first].end.milliseconds) <= from { first += 1 }
            var next = first
            while next < segments.count, Double(segments[next].start.milliseconds) < to {
                let start = Double(segments[next].start.milliseconds)
                slice.add(segments[next], from: max(from, start) - start, to: min(to, Double(segments[next].end.milliseconds)) - start)
                next += 1
            }
            slices.append(slice)
        }
        return slices
    }

    /// The planned power second by second over the stretches with a target, put end to end (the
    /// stretches without one are left out); each second is the average target over it, and a
    /// last part of a second is a shorter sample.
    public func secondBySecond() -> [PowerSample] {
        var samples: [PowerSample] = []
        samples.reserveCapacity(Int(targetSeconds.rounded(.up)))
        var (filled, integral): (Int64, Double) = (0, 0)
        for segment in segments {
            guard case .target = segment.power else { continue }
            var position: Int64 = 0
            while position < segment.length.milliseconds {
                let take = min(1000 - filled, segment.length.milliseconds - position)
                integral += segment.integral(from: Double(position), to: Double(position + take)) ?? 0
                (filled, position) = (filled + take, position + take)
                if filled == 1000 {
                    samples.append(PowerSample(value: integral, seconds: 1))
                    (filled, integral) = (0, 0)
                }
            }
        }
        if filled > 0 {
            let seconds = Double(filled) / 1000
            samples.append(PowerSample(value: integral / seconds, seconds: seconds))
        }
        return samples
    }
}
