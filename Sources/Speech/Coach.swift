import PacerEngine
import PacerFoundation
import PacerWorkout

/// What the coach says at each event, how much it matters and how long it may take: the one
/// script that the live speech sink and `pacer render` both follow.
///
/// At a phase start it says the phase's name (with the length of a work, warm-up or cool-down
/// phase, and the reps and weight of a rep step), then during a rest or get-ready what comes next,
/// then the phase's cue; every countdown second is its own number; timed cues and the halfway
/// call at their moments; "Paused", "Resumed" and "Workout complete". A step with a target is said
/// with its length and target ("Work, 4 minutes at 263 watts"), and so is the next one during a
/// rest. While a sensor is heard, a power or heart rate outside its target for 10 s gets one short
/// nudge ("power low: 230, target 260"), at most every 30 s per channel. Each utterance must finish
/// before the next countdown beat (or the phase's end), so that what cannot fit is dropped.
public struct Coach: Sendable {
    /// How late a phase name, cue or acknowledgement may still start, in real time.
    public static let grace = Duration.seconds(1)
    /// How late a countdown number may still start, in real time; never more than half its beat.
    public static let beatGrace = Duration.milliseconds(250)

    private var scale = TimeScale(speed: 1)
    private var countdown = 3
    private var scope = 0
    /// The current phase: when it started (moved later by pauses), how long it lasts (changed by
    /// extend), and whether its last seconds are counted down.
    private var phaseStart: Instant?
    private var limit: WorkoutDuration?
    private var countsDown = false
    private var pausedAt: Instant?
    /// The current phase's targets, for the nudges, and whether nudges are wanted at all.
    private var targets = Targets()
    private let nudges: Bool
    /// For each channel nudged about: how long it has been off target, and when it was last nudged.
    private var offTarget: [MeasuredChannel: OffTarget] = [:]

    /// The samples in a row outside the target that earn a nudge.
    public static let nudgeAfter = 10
    /// The session seconds between two nudges about one channel.
    public static let nudgeEvery: Int64 = 30

    /// How long a channel has been outside its target, and when the coach last said so.
    private struct OffTarget {
        var samples = 0
        var lastNudge: Int64?
    }

    /// A coach; `nudges` (on unless the user turns them off) lets it say when power or heart rate strays.
    public init(nudges: Bool = true) {
        self.nudges = nudges
    }

    /// What to say because of `event`, in the order to say it.
    public mutating func utterances(for event: Event) -> [Utterance] {
        switch event.payload {
        case .sessionStart(let start):
            scale = TimeScale(speed: start.speed)
            countdown = start.countdown
            return []
        case .phaseStart(let start):
            return phaseStarted(start, at: event.due ?? event.t, now: event.t)
        case .countdown(let beat):
            let due = event.due ?? event.t
            let grace = min(Self.beatGrace, scale.real(WorkoutDuration(milliseconds: 500)))
            return [Utterance(text: SpokenText.number(beat.remaining), priority: .beat, due: due, startBy: due + grace, scope: scope)]
        case .cue(let call):
            let due = event.due ?? event.t
            guard let text = SpokenText.clean(call.text) else { return [] }
            return [
                Utterance(text: text, priority: .remark, due: due, startBy: due + Self.grace, finishBy: boundary(after: due), scope: scope)
            ]
        case .pause:
            pausedAt = event.t
            return acknowledge("Paused", at: event.t)
        case .resume:
            if let since = pausedAt, let start = phaseStart { phaseStart = start + (event.t - since) }
            pausedAt = nil
            return acknowledge("Resumed", at: event.t)
        case .extend(let change):
            limit = limit.map { $0 + change.by }
            return []
        case .sessionEnd(let end):
            phaseStart = nil
            guard end.outcome == .completed else { return [] }
            return acknowledge("Workout complete", at: event.t)
        case .sample(let sample):
            return nudge(sample, at: event.due ?? event.t)
        case .phaseEnd, .back, .restart, .blockEnd:
            return []
        }
    }

    /// Whether the event ends the session early, so that nothing more should be heard.
    public static func silences(_ event: Event) -> Bool {
        if case .sessionEnd(let end) = event.payload { return end.outcome != .completed }
        return false
    }

    private mutating func phaseStarted(_ start: Event.PhaseStart, at due: Instant, now: Instant) -> [Utterance] {
        scope += 1
        let phase = start.phase
        phaseStart = due
        limit = phase.limit
        targets = phase.targets
        for channel in offTarget.keys { offTarget[channel]?.samples = 0 }
        countsDown = phase.duration != nil
        if pausedAt != nil { pausedAt = now }
        let finishBy = boundary(after: due)
        let name = SpokenText.clean(phase.name) ?? phase.kind.defaultName
        var said: [Utterance] = []
        func say(_ text: String, short: String? = nil, _ priority: Utterance.Priority) {
            said.append(
                Utterance(
                    text: text, shortText: short, priority: priority, due: due, startBy: due + Self.grace,
                    finishBy: finishBy, scope: scope))
        }
        let title = Self.fullTitle(of: phase, name: name)
        say(title, short: title == name ? nil : name, .announcement)
        if phase.kind == .rest || phase.kind == .prepare, let next = start.next, let nextName = SpokenText.clean(next.name) {
            // The next step's length and target when it has one: what to get ready for.
            let nextTitle = next.targets.isEmpty ? nextName : Self.fullTitle(of: next, name: nextName)
            say("Next: \(nextTitle)", short: nextTitle == nextName ? nil : "Next: \(nextName)", .remark)
        }
        if let cue = phase.cue.flatMap({ SpokenText.clean($0) }) { say(cue, .remark) }
        return said
    }

    /// A phase with its length and targets: `Work, 4 minutes at 263 watts`, `Rest, 2 minutes at
    /// 138 watts`; a rest without a target is only named, leaving time for what comes next.
    private static func fullTitle(of phase: Phase, name: String) -> String {
        guard let targets = SpokenTargets.text(of: phase.targets) else { return title(of: phase, name: name) }
        var title = title(of: phase, name: name)
        if phase.kind == .rest || phase.kind == .prepare, let duration = phase.duration {
            title += ", \(SpokenText.duration(duration))"
        }
        return title + (phase.targets.power == .freeRide ? ", " : " at ") + targets
    }

    /// What a phase is called at its start: `Wall sit, 30 seconds`, `Back squat, 5 reps at 80 kg`, `Rest`.
    private static func title(of phase: Phase, name: String) -> String {
        switch phase.kind {
        case .work, .warmup, .cooldown:
            guard let duration = phase.duration else {
                // An open step: its distance, unless the name says it already.
                guard let distance = phase.distance.flatMap({ SpokenText.clean($0) }), !name.contains(distance) else { return name }
                return "\(name), \(distance)"
            }
            return "\(name), \(SpokenText.duration(duration))"
        case .reps:
            guard let reps = phase.reps else { return name }
            var title = "\(name), \(SpokenText.counted(Int64(reps), "rep"))"
            if let weight = phase.weight.flatMap({ SpokenText.clean($0.description) }) { title += " at \(weight)" }
            return title
        case .rest, .prepare:
            return name
        }
    }

    /// Counts a sample against the targets: power or heart rate outside its target for
    /// `nudgeAfter` samples in a row earns one short remark, unless that channel was nudged about
    /// in the last `nudgeEvery` seconds.
    private mutating func nudge(_ sample: Event.Sample, at due: Instant) -> [Utterance] {
        guard nudges, let start = phaseStart, let duration = limit, duration.milliseconds > 0 else { return [] }
        let fraction = Double(scale.workout(due - start).milliseconds) / Double(duration.milliseconds)
        var said: [Utterance] = []
        for channel in [MeasuredChannel.power, .heartRate] {
            guard let value = sample.values[channel], let range = targets.measuredRange(of: channel, at: fraction) else {
                offTarget[channel]?.samples = 0
                continue
            }
            let standing = TargetStanding(value, in: range)
            var state = offTarget[channel] ?? OffTarget()
            state.samples = standing == .inside ? 0 : state.samples + 1
            let now = sample.active.milliseconds / 1000
            if state.samples >= Self.nudgeAfter, state.lastNudge.map({ now - $0 >= Self.nudgeEvery }) ?? true {
                state.samples = 0
                state.lastNudge = now
                let text = SpokenTargets.nudge(channel, value: value, low: standing == .below, target: range)
                said.append(
                    Utterance(
                        text: text, priority: .remark, due: due, startBy: due + Self.grace, finishBy: boundary(after: due), scope: scope))
            }
            offTarget[channel] = state
        }
        return said
    }

    private mutating func acknowledge(_ text: String, at now: Instant) -> [Utterance] {
        scope += 1
        return [
            Utterance(
                text: text, priority: .announcement, due: now, startBy: now + Self.grace, finishBy: boundary(after: now), scope: scope)
        ]
    }

    /// The first countdown beat or phase end after `instant`, which whatever starts then must not
    /// overlap; nil while paused, in an untimed rep step, or after the session.
    private func boundary(after instant: Instant) -> Instant? {
        guard pausedAt == nil, let start = phaseStart, let limit else { return nil }
        if countsDown {
            for remaining in stride(from: countdown, through: 1, by: -1) {
                let offset = limit - .seconds(Int64(remaining))
                let beat = start + scale.real(offset)
                if offset > .zero, beat > instant { return beat }
            }
        }
        return start + scale.real(limit)
    }
}
