import History
import PacerFormats
import PacerFoundation

extension Activity {
    /// A recorded session, with its phases, pauses and samples, as an activity. Times are workout
    /// seconds: the history's real seconds times the session's speed, so a session run at
    /// `--speed` is written as long as its workout. Each phase is a lap from its start to the
    /// next one's; a phase recorded before schema 8 has no start, and starts where the one before
    /// it ended. The sport comes from what the phases aimed at and logged.
    init(_ session: SessionRecord, samples: [SampleRecord] = []) {
        let speed = session.speed.isFinite && session.speed > 0 ? session.speed : 1
        let workout = { (real: Double) in real * speed }
        let seconds = { (duration: WorkoutDuration) in Double(duration.milliseconds) / 1000 }
        var starts: [Double] = []
        var end = 0.0
        for phase in session.phases {
            let start = phase.started.map(workout) ?? end
            starts.append(start)
            end = start + seconds(phase.active)
        }
        let records = samples.map { sample in
            ActivityRecord(
                time: workout(sample.t), power: sample.values[.power], heartRate: sample.values[.heartRate],
                cadence: sample.values[.cadence], speed: sample.values[.speed], distance: sample.values[.distance])
        }
        let pauses = session.pauses.map { ActivityPause(start: workout($0.started), end: $0.ended.map(workout)) }
        let elapsed =
            [
                seconds(session.active) + seconds(session.paused ?? .zero), end, records.last?.time ?? 0,
                pauses.last.map { $0.end ?? $0.start } ?? 0,
            ].max() ?? 0
        var laps: [ActivityLap] = []
        for (index, phase) in session.phases.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1] : elapsed
            laps.append(
                ActivityLap(
                    name: phase.name, kind: phase.kind, start: starts[index], elapsed: max(next - starts[index], seconds(phase.active)),
                    timerTime: seconds(phase.active),
                    trigger: phase.planned != nil && !phase.isOpen && phase.outcome == .completed ? .time : .manual,
                    reps: phase.reps, weight: phase.weight.flatMap(ActivityWeight.init)))
        }
        self.init(
            id: session.id, name: session.workout, sport: Self.sport(of: session.phases), start: session.started, elapsed: elapsed,
            laps: laps, records: records.sorted { $0.time < $1.time }, pauses: pauses, thresholdPower: session.ftp)
    }

    /// Cycling on a trainer when a phase had power, running on a treadmill when one had a pace,
    /// strength when one was a rep step, else HIIT: timed work and rest.
    static func sport(of phases: [PhaseRecord]) -> ActivitySport {
        if phases.contains(where: { $0.targets.power != nil }) { return .indoorCycling }
        if phases.contains(where: { $0.targets.pace != nil }) { return .treadmillRunning }
        if phases.contains(where: { $0.kind == .reps }) { return .strength }
        return .hiit
    }
}

extension ActivityWeight {
    /// A logged weight in kilograms or pounds (a bare number is taken as kilograms); nil for a
    /// weight in words or another unit.
    init?(_ weight: LoggedWeight) {
        guard let value = weight.value else { return nil }
        switch weight.unit {
        case nil, "kg": self.init(kilograms: value, inPounds: false)
        case "lb": self.init(kilograms: value * Self.kilogramsPerPound, inPounds: true)
        default: return nil
        }
    }
}
