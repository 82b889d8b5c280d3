import PacerFoundation
import PacerWorkout

/// A finished session as the logbooks take it: its sport, its laps, what was measured each second,
/// its pauses and the threshold its load is reckoned against.
public struct Activity: Sendable, Equatable {
    /// The session's number in its history; with the start, it makes the FIT file's serial number.
    public var id: Int64
    /// The workout's name.
    public var name: String
    public var sport: ActivitySport
    public var start: WallTime
    /// Seconds from the start to the end, pauses included.
    public var elapsed: Double
    /// The phases as they were run, in order; none for a session that ended before its first.
    public var laps: [ActivityLap]
    /// What was measured, in time order.
    public var records: [ActivityRecord]
    /// The pauses, in time order.
    public var pauses: [ActivityPause]
    /// FTP in watts, for intensity factor and TSS; nil when not known.
    public var thresholdPower: Double?

    public init(
        id: Int64, name: String, sport: ActivitySport, start: WallTime, elapsed: Double, laps: [ActivityLap] = [],
        records: [ActivityRecord] = [], pauses: [ActivityPause] = [], thresholdPower: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.sport = sport
        self.start = start
        self.elapsed = elapsed
        self.laps = laps
        self.records = records
        self.pauses = pauses
        self.thresholdPower = thresholdPower
    }

    /// Seconds the timer ran: the elapsed time less the pauses.
    public var timerTime: Double {
        max(0, elapsed - pauses.reduce(0) { $0 + $1.length(endingBy: elapsed) })
    }

    /// The laps, or one lap for the whole session when it has none: a logbook needs one at least.
    var writtenLaps: [ActivityLap] {
        guard laps.isEmpty else { return laps }
        return [ActivityLap(name: name, kind: .work, start: 0, elapsed: elapsed, timerTime: timerTime, trigger: .manual)]
    }

    /// Seconds since 1970 (UTC) `seconds` after the start, whole seconds down, kept within years
    /// 1970 to 9999 whatever a damaged history says.
    func epochSeconds(at seconds: Double) -> Int64 {
        let offset = seconds.isFinite ? Int64(min(max(seconds, 0), 1e10).rounded(.down)) : 0
        return min(min(max(start.epochSeconds, 0), Self.latest) + offset, Self.latest)
    }

    /// 9999-12-31T23:59:59Z.
    private static let latest: Int64 = 253_402_300_799

    /// The records from `start` up to (not including) `end` seconds; `records` are in time order.
    func records(from start: Double, to end: Double) -> ArraySlice<ActivityRecord> {
        let first = records.partitioningIndex { $0.time >= start }
        let last = records[first...].partitioningIndex { $0.time >= end }
        return records[first..<last]
    }
}

extension Collection {
    /// The first index whose element `isAbove` (false before it, true from it on), by bisection.
    func partitioningIndex(where isAbove: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isAbove(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
