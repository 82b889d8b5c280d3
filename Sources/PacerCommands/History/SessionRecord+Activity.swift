import History
import PacerCore
import PacerFormats

extension Activity {
    /// A recorded session, with its phases, as an activity: times in workout seconds (a session
    /// run at `--speed` is written as long as its workout), each phase a lap, the sport from what
    /// the phases aimed at and logged.
    init(_ session: SessionRecord) {
        let seconds = { (duration: WorkoutDuration) in Double(duration.milliseconds) / 1000 }
        var laps: [ActivityLap] = []
        var start = 0.0
        for phase in session.phases {
            laps.append(ActivityLap(
                name: phase.name, kind: phase.kind, start: start, elapsed: seconds(phase.active), timerTime: seconds(phase.active),
                trigger: phase.planned != nil && !phase.isOpen && phase.outcome == .completed ? .time : .manual,
                reps: phase.reps, weight: phase.weight.flatMap(ActivityWeight.init)))
            start += seconds(phase.active)
        }
        let elapsed = seconds(session.active) + seconds(session.paused ?? .zero)
        self.init(id: session.id, name: session.workout, sport: Self.sport(of: session.phases), start: session.started,
                  elapsed: max(elapsed, start), laps: laps)
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
