import PacerFoundation
import PacerWorkout

/// Writes an activity as a Garmin FIT activity file: `file_id`, the laps as the steps of a
/// `workout` (so a logbook can name each lap by its step), timer events (a pause stops the timer),
/// a `record` per measurement, a `lap` per phase, a `set` per phase of a strength session, then the
/// `session` and the `activity`, in time order.
struct ActivityFITWriter {
    typealias Profile = ActivityFITProfile
    typealias Field = FITEncoding.Field

    let activity: Activity

    /// A message of the timeline, ordered by time and then by `rank` (at the same second a record
    /// comes before the lap it ends, and the lap before its set).
    private struct Timed {
        let time: Double
        let rank: Int
        let message: UInt16
        let fields: [Field]
    }

    func bytes() -> [UInt8] {
        let laps = activity.writtenLaps
        let (sport, subSport) = activity.sport.fit
        var file = FITEncoding()
        file.append(
            messageNumber: Profile.Message.fileID,
            [
                .enumeration(0, Profile.activityFile), .uint16(1, Profile.development), .uint16(2, 0), .uint32z(3, serialNumber),
                .uint32(4, timestamp(0)),
            ])
        file.append(
            messageNumber: Profile.Message.workout,
            [
                .enumeration(4, sport), .enumeration(11, subSport), .uint16(6, UInt16(clamping: laps.count)),
                .string(8, ExportText.line(activity.name)),
            ])
        for (index, lap) in laps.enumerated() { file.append(messageNumber: Profile.Message.workoutStep, step(lap, index: index)) }
        for message in timeline(laps) {
            // The set message keeps its timestamp in field 254, every other in 253.
            let stamp: UInt8 = message.message == Profile.Message.set ? 254 : 253
            file.append(messageNumber: message.message, [.uint32(stamp, timestamp(message.time))] + message.fields)
        }
        let end = timestamp(activity.elapsed)
        file.append(
            messageNumber: Profile.Message.event,
            [.uint32(253, end), .enumeration(0, Profile.Event.timer), .enumeration(1, Profile.EventType.stopAll)])
        file.append(messageNumber: Profile.Message.session, session(laps: laps.count, end: end))
        file.append(
            messageNumber: Profile.Message.activity,
            [
                .uint32(253, end), .measured(0, .uint32, activity.timerTime, scale: 1000), .uint16(1, 1), .enumeration(2, 0),
                .enumeration(3, Profile.Event.activity), .enumeration(4, Profile.EventType.stop),
                .uint32(5, UInt32(clamping: Int64(end) + Int64(activity.start.utcOffset))),
            ].compactMap { $0 })
        return file.bytes
    }

    /// A lap's step: its name, its time when its time ran out (else open), and its intensity.
    private func step(_ lap: ActivityLap, index: Int) -> [Field] {
        var fields: [Field] = [.uint16(254, UInt16(clamping: index)), .string(0, ExportText.line(lap.name))]
        switch lap.trigger {
        case .time: fields += [.enumeration(1, Profile.durationTime), .measured(2, .uint32, lap.timerTime, scale: 1000)].compactMap { $0 }
        case .manual: fields.append(.enumeration(1, Profile.durationOpen))
        }
        return fields + [.enumeration(3, Profile.targetOpen), .enumeration(7, FITWriter.intensity(of: lap.kind).rawValue)]
    }

    /// The timer's start, the records, the pauses, the laps and the sets, in time order.
    private func timeline(_ laps: [ActivityLap]) -> [Timed] {
        var timeline = [
            Timed(
                time: 0, rank: 0, message: Profile.Message.event,
                fields: [.enumeration(0, Profile.Event.timer), .enumeration(1, Profile.EventType.start)])
        ]
        timeline.reserveCapacity(activity.records.count + 2 * laps.count + 2 * activity.pauses.count + 1)
        for record in activity.records {
            let fields: [Field?] = [
                .measured(7, .uint16, record.power), .measured(3, .uint8, record.heartRate), .measured(4, .uint8, record.cadence),
                .measured(6, .uint16, record.speed, scale: 1000), .measured(5, .uint32, record.distance, scale: 100),
            ]
            timeline.append(Timed(time: record.time, rank: 1, message: Profile.Message.record, fields: fields.compactMap { $0 }))
        }
        for pause in activity.pauses {
            timeline.append(
                Timed(
                    time: pause.start, rank: 2, message: Profile.Message.event,
                    fields: [.enumeration(0, Profile.Event.timer), .enumeration(1, Profile.EventType.stopAll)]))
            guard let end = pause.end else { continue }
            timeline.append(
                Timed(
                    time: end, rank: 0, message: Profile.Message.event,
                    fields: [.enumeration(0, Profile.Event.timer), .enumeration(1, Profile.EventType.start)]))
        }
        var distance: Double?
        for (index, lap) in laps.enumerated() {
            let records = activity.records(from: lap.start, to: index == laps.count - 1 ? .infinity : lap.end)
            let statistics = ActivityStatistics(records, distanceBefore: distance)
            distance = records.last(where: { $0.distance != nil })?.distance ?? distance
            timeline.append(
                Timed(time: lap.end, rank: 3, message: Profile.Message.lap, fields: self.lap(lap, index: index, statistics: statistics)))
            if activity.sport == .strength {
                timeline.append(Timed(time: lap.end, rank: 4, message: Profile.Message.set, fields: set(lap, index: index)))
            }
        }
        return timeline.enumerated().sorted {
            ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset)
        }.map(\.element)
    }

    private func lap(_ lap: ActivityLap, index: Int, statistics: ActivityStatistics) -> [Field] {
        let (sport, subSport) = activity.sport.fit
        let fields: [Field?] = [
            .uint16(254, UInt16(clamping: index)), .enumeration(0, Profile.Event.lap), .enumeration(1, Profile.EventType.stop),
            .uint32(2, timestamp(lap.start)), .measured(7, .uint32, lap.elapsed, scale: 1000),
            .measured(8, .uint32, lap.timerTime, scale: 1000),
            .enumeration(23, FITWriter.intensity(of: lap.kind).rawValue),
            .enumeration(24, lap.trigger == .time ? Profile.lapTime : Profile.lapManual),
            .enumeration(25, sport), .enumeration(39, subSport), .uint16(71, UInt16(clamping: index)),
        ]
        return fields.compactMap { $0 } + summary(statistics, in: .lap)
    }

    /// A strength session's set: active with its reps and weight, or a rest.
    private func set(_ lap: ActivityLap, index: Int) -> [Field] {
        var fields: [Field?] = [
            .measured(0, .uint32, lap.timerTime, scale: 1000), .uint8(5, lap.isActive ? Profile.setActive : Profile.setRest),
            .uint32(6, timestamp(lap.start)), .uint16(10, UInt16(clamping: index)), .uint16(11, UInt16(clamping: index)),
        ]
        if let reps = lap.reps { fields.append(.measured(3, .uint16, Double(reps))) }
        if let weight = lap.weight {
            fields += [.measured(4, .uint16, weight.kilograms, scale: 16), .uint16(9, weight.inPounds ? Profile.pound : Profile.kilogram)]
        }
        return fields.compactMap { $0 }
    }

    private func session(laps: Int, end: UInt32) -> [Field] {
        let (sport, subSport) = activity.sport.fit
        let statistics = ActivityStatistics(activity.records[...], distanceBefore: nil)
        let threshold = activity.thresholdPower
        let fields: [Field?] = [
            .uint16(254, 0), .uint32(253, end), .enumeration(0, Profile.Event.session), .enumeration(1, Profile.EventType.stop),
            .uint32(2, timestamp(0)), .enumeration(5, sport), .enumeration(6, subSport),
            .measured(7, .uint32, activity.elapsed, scale: 1000), .measured(8, .uint32, activity.timerTime, scale: 1000),
            .uint16(25, 0), .uint16(26, UInt16(clamping: laps)), .enumeration(28, 0),
            .measured(45, .uint16, threshold), .measured(36, .uint16, statistics.intensityFactor(threshold: threshold), scale: 1000),
            .measured(35, .uint16, statistics.trainingStressScore(threshold: threshold), scale: 10),
        ]
        return fields.compactMap { $0 } + summary(statistics, in: .session)
    }

    /// The totals, averages and maxima of what was measured, each only when it was.
    private func summary(_ statistics: ActivityStatistics, in numbers: Profile.SummaryFields) -> [Field] {
        let fields: [Field?] = [
            .measured(numbers.distance, .uint32, statistics.distance, scale: 100),
            .measured(numbers.calories, .uint16, statistics.calories),
            .measured(numbers.averageSpeed, .uint16, statistics.speed.average, scale: 1000),
            .measured(numbers.maximumSpeed, .uint16, statistics.speed.highest, scale: 1000),
            .measured(numbers.averageHeartRate, .uint8, statistics.heartRate.average),
            .measured(numbers.maximumHeartRate, .uint8, statistics.heartRate.highest),
            .measured(numbers.averageCadence, .uint8, statistics.cadence.average),
            .measured(numbers.maximumCadence, .uint8, statistics.cadence.highest),
            .measured(numbers.averagePower, .uint16, statistics.power.average),
            .measured(numbers.maximumPower, .uint16, statistics.power.highest),
            .measured(numbers.normalizedPower, .uint16, statistics.normalizedPower), .measured(numbers.work, .uint32, statistics.work),
        ]
        return fields.compactMap { $0 }
    }

    /// FIT's time (seconds since 1989-12-31 UTC) `seconds` after the start, whole seconds down.
    private func timestamp(_ seconds: Double) -> UInt32 {
        UInt32(clamping: activity.epochSeconds(at: seconds) - Profile.epoch)
    }

    /// A number that tells this file from any other pacer writes (FNV-1a of the session's number
    /// and start), never 0: the same session written twice gets the same one, so a logbook sees
    /// the second as the duplicate it is.
    private var serialNumber: UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in FITEncoding.little(UInt32(truncatingIfNeeded: activity.id), count: 4)
            + FITEncoding.little(UInt32(truncatingIfNeeded: activity.start.epochSeconds), count: 4)
        {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash == 0 ? 1 : hash
    }
}
