import PacerFoundation
import PacerWorkout

/// Writes an activity as a Garmin FIT activity file: `file_id`, the laps as the steps of a
/// `workout` (so a logbook can name each lap by its step), timer events (a pause stops the timer),
/// a `record` per measurement, a `lap` per phase, a `set` per phase of a strength session, then the
/// `session` and the `activity`, in time order.
struct ActivityFITWriter {
    typealias Profile = FITProfile
    typealias Field = FITEncoding.Field

    let activity: Activity

    /// A message of the timeline, ordered by time and then by `rank` (at the same second a record
    /// comes before the lap it ends, and the lap before its set).
    private struct Timed {
        let time: Double
        let rank: Int
        let message: Profile.Message
        /// Its fields, its timestamp first.
        let fields: [Field]
    }

    func bytes() -> [UInt8] {
        let laps = activity.writtenLaps
        let (sport, subSport) = activity.sport.fit
        var file = FITEncoding()
        file.append(
            message: .fileID,
            [
                .enumeration(Profile.FileIDField.type, Profile.FileType.activity),
                .enumeration(Profile.FileIDField.manufacturer, Profile.Manufacturer.development), .number(Profile.FileIDField.product, 0),
                .number(Profile.FileIDField.serialNumber, serialNumber), .number(Profile.FileIDField.timeCreated, timestamp(0)),
            ])
        file.append(
            message: .workout,
            [
                .enumeration(Profile.WorkoutField.sport, sport), .enumeration(Profile.WorkoutField.subSport, subSport),
                .number(Profile.WorkoutField.numberOfValidSteps, clamping: laps.count),
                .string(Profile.WorkoutField.name, ExportText.line(activity.name)),
            ])
        for (index, lap) in laps.enumerated() { file.append(message: .workoutStep, step(lap, index: index)) }
        for message in timeline(laps) + [timerEvent(at: activity.elapsed, .stopAll)] {
            file.append(message: message.message, message.fields)
        }
        let end = timestamp(activity.elapsed)
        file.append(message: .session, session(laps: laps.count, end: end))
        file.append(
            message: .activity,
            [
                .number(Profile.ActivityField.timestamp, end), .measured(Profile.ActivityField.totalTimerTime, activity.timerTime),
                .number(Profile.ActivityField.numSessions, 1), .enumeration(Profile.ActivityField.type, Profile.ActivityType.manual),
                .enumeration(Profile.ActivityField.event, Profile.Event.activity),
                .enumeration(Profile.ActivityField.eventType, Profile.EventType.stop),
                .number(Profile.ActivityField.localTimestamp, UInt32(clamping: Int64(end) + Int64(activity.start.utcOffset))),
            ].compactMap { $0 })
        return file.bytes
    }

    /// A lap's step: its name, its time when its time ran out (else open), and its intensity.
    private func step(_ lap: ActivityLap, index: Int) -> [Field] {
        typealias StepField = Profile.WorkoutStepField
        let duration: [Field?] =
            switch lap.trigger {
            case .time:
                [
                    .enumeration(StepField.durationType, Profile.DurationType.time),
                    .measured(StepField.durationValue, lap.timerTime, scale: Profile.DurationType.time.scale),
                ]
            case .manual: [.enumeration(StepField.durationType, Profile.DurationType.open)]
            }
        let fields: [Field?] =
            [.number(StepField.messageIndex, clamping: index), .string(StepField.name, ExportText.line(lap.name))] + duration + [
                .enumeration(StepField.targetType, Profile.TargetType.open),
                .enumeration(StepField.intensity, FITWriter.intensity(of: lap.kind)),
            ]
        return fields.compactMap { $0 }
    }

    /// A message at `time` whose timestamp is `stamp`, with the fields that are there.
    private func timed(_ stamp: some Profile.Field, at time: Double, rank: Int, _ fields: [Field?]) -> Timed {
        Timed(
            time: time, rank: rank, message: type(of: stamp).message, fields: [.number(stamp, timestamp(time))] + fields.compactMap { $0 })
    }

    /// The timer started, stopped (a pause) or stopped for good (the end).
    private func timerEvent(at time: Double, _ type: Profile.EventType) -> Timed {
        timed(
            Profile.EventField.timestamp, at: time, rank: type == .start ? 0 : 2,
            [.enumeration(Profile.EventField.event, Profile.Event.timer), .enumeration(Profile.EventField.eventType, type)])
    }

    /// The timer's start, the records, the pauses, the laps and the sets, in time order.
    private func timeline(_ laps: [ActivityLap]) -> [Timed] {
        typealias RecordField = Profile.RecordField
        var timeline = [timerEvent(at: 0, .start)]
        timeline.reserveCapacity(activity.records.count + 2 * laps.count + 2 * activity.pauses.count + 1)
        for record in activity.records {
            timeline.append(
                timed(
                    RecordField.timestamp, at: record.time, rank: 1,
                    [
                        .measured(RecordField.power, record.power), .measured(RecordField.heartRate, record.heartRate),
                        .measured(RecordField.cadence, record.cadence), .measured(RecordField.speed, record.speed),
                        .measured(RecordField.distance, record.distance),
                    ]))
        }
        for pause in activity.pauses {
            timeline.append(timerEvent(at: pause.start, .stopAll))
            guard let end = pause.end else { continue }
            timeline.append(timerEvent(at: end, .start))
        }
        var distance: Double?
        for (index, lap) in laps.enumerated() {
            let records = activity.records(from: lap.start, to: index == laps.count - 1 ? .infinity : lap.end)
            let statistics = ActivityStatistics(records, distanceBefore: distance)
            distance = records.last(where: { $0.distance != nil })?.distance ?? distance
            timeline.append(timed(Profile.LapField.timestamp, at: lap.end, rank: 3, self.lap(lap, index: index, statistics: statistics)))
            if activity.sport == .strength {
                timeline.append(timed(Profile.SetField.timestamp, at: lap.end, rank: 4, set(lap, index: index)))
            }
        }
        return timeline.enumerated().sorted {
            ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset)
        }.map(\.element)
    }

    private func lap(_ lap: ActivityLap, index: Int, statistics: ActivityStatistics) -> [Field?] {
        typealias LapField = Profile.LapField
        let (sport, subSport) = activity.sport.fit
        return [
            .number(LapField.messageIndex, clamping: index), .enumeration(LapField.event, Profile.Event.lap),
            .enumeration(LapField.eventType, Profile.EventType.stop), .number(LapField.startTime, timestamp(lap.start)),
            .measured(LapField.totalElapsedTime, lap.elapsed), .measured(LapField.totalTimerTime, lap.timerTime),
            .enumeration(LapField.intensity, FITWriter.intensity(of: lap.kind)),
            .enumeration(LapField.lapTrigger, lap.trigger == .time ? Profile.LapTrigger.time : .manual),
            .enumeration(LapField.sport, sport), .enumeration(LapField.subSport, subSport), .number(LapField.wktStepIndex, clamping: index),
        ] + summary(statistics, in: LapField.self)
    }

    /// A strength session's set: active with its reps and weight, or a rest.
    private func set(_ lap: ActivityLap, index: Int) -> [Field?] {
        typealias SetField = Profile.SetField
        var fields: [Field?] = [
            .measured(SetField.duration, lap.timerTime),
            .enumeration(SetField.setType, lap.isActive ? Profile.SetType.active : .rest),
            .number(SetField.startTime, timestamp(lap.start)),
            .number(SetField.messageIndex, clamping: index), .number(SetField.wktStepIndex, clamping: index),
        ]
        if let reps = lap.reps { fields.append(.measured(SetField.repetitions, Double(reps))) }
        if let weight = lap.weight {
            fields += [
                .measured(SetField.weight, weight.kilograms),
                .enumeration(SetField.weightDisplayUnit, weight.inPounds ? Profile.FitBaseUnit.pound : .kilogram),
            ]
        }
        return fields
    }

    private func session(laps: Int, end: UInt32) -> [Field] {
        typealias SessionField = Profile.SessionField
        let (sport, subSport) = activity.sport.fit
        let statistics = ActivityStatistics(activity.records[...], distanceBefore: nil)
        let threshold = activity.thresholdPower
        let fields: [Field?] = [
            .number(SessionField.messageIndex, 0), .number(SessionField.timestamp, end),
            .enumeration(SessionField.event, Profile.Event.session),
            .enumeration(SessionField.eventType, Profile.EventType.stop), .number(SessionField.startTime, timestamp(0)),
            .enumeration(SessionField.sport, sport), .enumeration(SessionField.subSport, subSport),
            .measured(SessionField.totalElapsedTime, activity.elapsed), .measured(SessionField.totalTimerTime, activity.timerTime),
            .number(SessionField.firstLapIndex, 0), .number(SessionField.numLaps, clamping: laps),
            .enumeration(SessionField.trigger, Profile.SessionTrigger.activityEnd), .measured(SessionField.thresholdPower, threshold),
            .measured(SessionField.intensityFactor, statistics.intensityFactor(threshold: threshold)),
            .measured(SessionField.trainingStressScore, statistics.trainingStressScore(threshold: threshold)),
        ]
        return (fields + summary(statistics, in: SessionField.self)).compactMap { $0 }
    }

    /// The totals, averages and maxima of what was measured, each only when it was.
    private func summary<Summary: Profile.SummaryField>(_ statistics: ActivityStatistics, in _: Summary.Type) -> [Field?] {
        [
            .measured(Summary.totalDistance, statistics.distance), .measured(Summary.totalCalories, statistics.calories),
            .measured(Summary.avgSpeed, statistics.speed.average), .measured(Summary.maxSpeed, statistics.speed.highest),
            .measured(Summary.avgHeartRate, statistics.heartRate.average), .measured(Summary.maxHeartRate, statistics.heartRate.highest),
            .measured(Summary.avgCadence, statistics.cadence.average), .measured(Summary.maxCadence, statistics.cadence.highest),
            .measured(Summary.avgPower, statistics.power.average), .measured(Summary.maxPower, statistics.power.highest),
            .measured(Summary.normalizedPower, statistics.normalizedPower), .measured(Summary.totalWork, statistics.work),
        ]
    }

    /// FIT's time (seconds since 1989-12-31 UTC) `seconds` after the start, whole seconds down.
    private func timestamp(_ seconds: Double) -> UInt32 {
        UInt32(clamping: activity.epochSeconds(at: seconds) - Profile.Scale.epochInUnixSeconds)
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
