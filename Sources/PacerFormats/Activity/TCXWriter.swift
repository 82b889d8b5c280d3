import PacerFoundation

/// Writes an activity as a Garmin Training Center file (TCX, TrainingCenterDatabase v2): an
/// `Activity` with a `Lap` per phase (named in its `Notes`), each with a `Track` of what was
/// measured: heart rate, cadence, distance, and speed and watts in Garmin's ActivityExtension v2.
struct TCXWriter {
    let activity: Activity

    static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let extensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    func text() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="\(Self.namespace)" xmlns:ax="\(Self.extensionNamespace)">
              <Activities>
                <Activity Sport="\(activity.sport.tcx)">
                  <Id>\(time(0))</Id>

            """
        text.reserveCapacity(activity.records.count * 300 + 1000)
        let laps = activity.writtenLaps
        var distance: Double?
        for (index, lap) in laps.enumerated() {
            let records = activity.records(from: lap.start, to: index == laps.count - 1 ? .infinity : lap.end)
            let statistics = ActivityStatistics(records, distanceBefore: distance)
            distance = records.last(where: { $0.distance != nil })?.distance ?? distance
            write(lap, records: records, statistics: statistics, to: &text)
        }
        text += """
                  <Notes>\(ExportText.xml(activity.name))</Notes>
                </Activity>
              </Activities>
            </TrainingCenterDatabase>

            """
        return text
    }

    private var isRunning: Bool { activity.sport == .treadmillRunning }

    private func write(_ lap: ActivityLap, records: ArraySlice<ActivityRecord>, statistics: ActivityStatistics, to text: inout String) {
        text += "      <Lap StartTime=\"\(time(lap.start))\">\n"
        text += "        <TotalTimeSeconds>\(number(lap.timerTime))</TotalTimeSeconds>\n"
        text += "        <DistanceMeters>\(number(statistics.distance ?? 0))</DistanceMeters>\n"
        if let speed = statistics.speed.highest { text += "        <MaximumSpeed>\(number(speed))</MaximumSpeed>\n" }
        text += "        <Calories>\(whole(statistics.calories ?? 0, 0...65535))</Calories>\n"
        if let heartRate = statistics.heartRate.average {
            text += "        <AverageHeartRateBpm><Value>\(whole(heartRate, 1...255))</Value></AverageHeartRateBpm>\n"
        }
        if let heartRate = statistics.heartRate.highest {
            text += "        <MaximumHeartRateBpm><Value>\(whole(heartRate, 1...255))</Value></MaximumHeartRateBpm>\n"
        }
        text += "        <Intensity>\(lap.isActive ? "Active" : "Resting")</Intensity>\n"
        if !isRunning, let cadence = statistics.cadence.average { text += "        <Cadence>\(whole(cadence, 0...254))</Cadence>\n" }
        text += "        <TriggerMethod>\(lap.trigger == .time ? "Time" : "Manual")</TriggerMethod>\n"
        if !records.isEmpty {
            text += "        <Track>\n"
            for record in records { write(record, to: &text) }
            text += "        </Track>\n"
        }
        text += "        <Notes>\(ExportText.xml(lap.name))</Notes>\n"
        var summary = ""
        if let speed = statistics.speed.average { summary += "<ax:AvgSpeed>\(number(speed))</ax:AvgSpeed>" }
        if let cadence = statistics.cadence.highest {
            summary += isRunning ? "" : "<ax:MaxBikeCadence>\(whole(cadence, 0...254))</ax:MaxBikeCadence>"
        }
        if isRunning, let cadence = statistics.cadence.average {
            summary += "<ax:AvgRunCadence>\(whole(cadence, 0...254))</ax:AvgRunCadence>"
        }
        if isRunning, let cadence = statistics.cadence.highest {
            summary += "<ax:MaxRunCadence>\(whole(cadence, 0...254))</ax:MaxRunCadence>"
        }
        if let power = statistics.power.average { summary += "<ax:AvgWatts>\(whole(power, 0...65535))</ax:AvgWatts>" }
        if let power = statistics.power.highest { summary += "<ax:MaxWatts>\(whole(power, 0...65535))</ax:MaxWatts>" }
        if !summary.isEmpty { text += "        <Extensions><ax:LX>\(summary)</ax:LX></Extensions>\n" }
        text += "      </Lap>\n"
    }

    private func write(_ record: ActivityRecord, to text: inout String) {
        text += "          <Trackpoint><Time>\(time(record.time))</Time>"
        if let distance = record.distance, distance.isFinite { text += "<DistanceMeters>\(number(distance))</DistanceMeters>" }
        if let heartRate = record.heartRate, heartRate >= 0.5 {
            text += "<HeartRateBpm><Value>\(whole(heartRate, 1...255))</Value></HeartRateBpm>"
        }
        if !isRunning, let cadence = record.cadence { text += "<Cadence>\(whole(cadence, 0...254))</Cadence>" }
        var measured = ""
        if let speed = record.speed, speed.isFinite { measured += "<ax:Speed>\(number(speed))</ax:Speed>" }
        if isRunning, let cadence = record.cadence { measured += "<ax:RunCadence>\(whole(cadence, 0...254))</ax:RunCadence>" }
        if let power = record.power { measured += "<ax:Watts>\(whole(power, 0...65535))</ax:Watts>" }
        if !measured.isEmpty { text += "<Extensions><ax:TPX>\(measured)</ax:TPX></Extensions>" }
        text += "</Trackpoint>\n"
    }

    /// `2026-12-07T18:00:05Z`: the UTC time `seconds` after the start, whole seconds down.
    private func time(_ seconds: Double) -> String {
        let utc = WallTime(epochSeconds: activity.epochSeconds(at: seconds), utcOffset: 0).iso8601
        return utc.dropLast("+00:00".count) + "Z"
    }

    /// A non-negative number to three places at most: `240`, `12.5`.
    private func number(_ value: Double) -> String {
        ExportText.number(value.isFinite ? min(max(value, 0), 1e12) : 0, decimals: 3)
    }

    /// A whole number within `range`: `151`.
    private func whole(_ value: Double, _ range: ClosedRange<Int>) -> String {
        guard value.isFinite else { return String(range.lowerBound) }
        return String(min(max(Int(value.rounded()), range.lowerBound), range.upperBound))
    }
}
