import PacerFoundation
import PacerWorkout

/// The timer as a pure state machine: it is told the time and answers with the events that happened.
///
/// The engine never reads a clock. Every scheduled moment is computed from the start of the current
/// phase, which is itself the exact end of the one before, so nothing drifts however long a session runs.
public struct Engine: Sendable {
    /// Where the session is.
    public enum State: Sendable, Equatable {
        case ready, running, finished(SessionOutcome)
    }

    public let plan: Plan
    /// Converts workout time to real time at the session's speed.
    public let scale: TimeScale
    public let file: String
    public private(set) var state: State = .ready
    /// What has happened so far, from every event the engine produced.
    public private(set) var summary = SessionSummary()

    private var index = 0
    /// The instant the current phase started, moved later by every pause within it.
    private var phaseStart = Instant.start
    /// How long the current phase lasts (its duration or cap, changed by extend); nil when untimed.
    private var limit: WorkoutDuration?
    private var pausedSince: Instant?
    private var pausedTotal = Duration.zero
    /// What is still to happen in the current phase, in order.
    private var pending: [Scheduled] = []
    /// In an EMOM: when each round's window ends (by the index of the round's first phase), moved
    /// later by every pause. A round keeps its window when `back` or `restart` comes into it again.
    private var windowEnds: [Int: Instant] = [:]
    /// In an EMOM round: the index of its first phase.
    private var windowRound: Int?
    /// The AMRAP, open repeat or capped block running, if any.
    private var limitedBlock: RunningBlock?
    /// The latest value of each channel the sensors sent.
    private var latest = LatestMeasurements()
    /// The session seconds already sampled (or passed over with nothing current to sample).
    private var sampledThrough: Int64 = 0
    /// What was measured in the current phase, and in the whole session.
    private var phaseMeasured = MeasuredSummary()
    private var sessionMeasured = MeasuredSummary()

    /// An AMRAP, open repeat or capped block under way; its instants move later by every pause.
    private struct RunningBlock: Sendable {
        let block: TimeLimitedBlock
        var start: Instant
        /// When its time runs out; nil for an open repeat, which the user ends.
        var end: Instant?
        /// For an AMRAP or open repeat: the round under way, from 1.
        var round = 1
        /// For an AMRAP or open repeat: the rounds gone through with no step skipped.
        var completedRounds = 0
        /// Steps completed in the round under way (a capped block: in the block); a skipped step is not.
        var steps = 0
        /// Steps skipped in the whole block.
        var skipped = 0
        /// For an AMRAP or open repeat: whether a step of the round under way was skipped.
        var roundHasSkip = false

        func holds(_ index: Int) -> Bool { (block.first...block.last).contains(index) }
    }

    /// Something due at an offset into the current phase.
    private struct Scheduled: Sendable {
        enum Action: Sendable {
            case countdown(Int)
            case cue(String, isHalfway: Bool)
            case end
            /// The round's window (an EMOM) runs out: at `windowEnd` exactly.
            case windowEnd
            /// The AMRAP's or capped block's time runs out: at its end exactly.
            case blockEnd
        }
        let offset: WorkoutDuration
        let action: Action
    }

    /// The session's one source of wall time, read once for `session.start` and once for `session.end`.
    private let wallClock: @Sendable () -> WallTime

    /// An engine for `plan`; `wallClock` tells the local time for the start and the end (an engine
    /// run offline, as `pacer render` runs one, may leave it at the epoch).
    public init(
        plan: Plan, speed: Double = 1, file: String,
        wallClock: @escaping @Sendable () -> WallTime = { WallTime(epochSeconds: 0, utcOffset: 0) }
    ) {
        self.plan = plan
        self.scale = TimeScale(speed: speed)
        self.file = file
        self.wallClock = wallClock
    }

    public var speed: Double { scale.speed }
    public var isPaused: Bool { pausedSince != nil }
    public var isFinished: Bool { if case .finished = state { true } else { false } }

    /// Whether only a command can move the session on: it is paused, or in a step without an end
    /// (a rep step without a cap, an open step), whatever cues are still to come.
    public var waitsForCommand: Bool {
        state == .running && (pausedSince != nil || (limit == nil && windowEnd == nil && limitedBlock?.end == nil))
    }

    /// When something is next due, or nil while paused, waiting for `done`, or finished.
    public var nextDeadline: Instant? {
        guard state == .running, pausedSince == nil else { return nil }
        return [pending.first.map(due), nextSampleDue].compactMap { $0 }.min()
    }

    // MARK: - Driving

    /// Starts the session and its first phase at `now`.
    public mutating func start(at now: Instant) -> [Event] {
        guard state == .ready else { return [] }
        state = .running
        var events: [Event] = []
        emit(
            Event(
                t: now, due: now,
                .sessionStart(
                    .init(
                        workout: plan.workoutName, file: file, phases: plan.phases.count, planned: plan.planned, wall: wallClock(),
                        speed: speed, countdown: plan.countdown, plan: plan))),
            into: &events)
        beginPhase(0, at: now, now: now, into: &events)
        return events
    }

    /// Everything due up to `now`, in order.
    public mutating func advance(to now: Instant) -> [Event] {
        var events: [Event] = []
        while state == .running, pausedSince == nil {
            let dueAt = pending.first.map(due)
            if let sampleAt = nextSampleDue, sampleAt <= now, dueAt.map({ sampleAt <= $0 }) ?? true {
                takeSample(at: sampleAt, now: now, into: &events)
                continue
            }
            guard let next = pending.first, let dueAt, dueAt <= now else { break }
            pending.removeFirst()
            switch next.action {
            case .countdown(let remaining):
                emit(Event(t: now, due: dueAt, .countdown(.init(index: index, remaining: remaining))), into: &events)
            case .cue(let text, let isHalfway):
                emit(Event(t: now, due: dueAt, .cue(.init(index: index, text: text, isHalfway: isHalfway))), into: &events)
            case .end:
                endPhase(.completed, active: next.offset, at: now, into: &events)
                moveOn(to: following(at: now, into: &events), startingAt: dueAt, now: now, into: &events)
            case .blockEnd:
                endPhase(.timeout, active: scale.workout(dueAt - phaseStart), at: now, into: &events)
                let after = (limitedBlock?.block.last ?? index) + 1
                finishBlock(capped: true, at: dueAt, now: now, into: &events)
                moveOn(to: after, startingAt: dueAt, now: now, into: &events)
            case .windowEnd:
                let phase = plan.phases[index]
                endPhase(
                    phase.window?.fillsRound == true ? .completed : .timeout, active: scale.workout(dueAt - phaseStart), at: now,
                    into: &events)
                moveOn(to: indexAfterRound(), startingAt: dueAt, now: now, into: &events)
            }
        }
        return events
    }

    /// Carries out a command at `now`, after everything due before it.
    public mutating func handle(_ command: Command, at now: Instant) throws(CommandRejection) -> [Event] {
        guard state == .running else {
            throw CommandRejection(message: state == .ready ? "the session has not started" : "the session has ended")
        }
        var events = advance(to: now)
        guard state == .running else { return events }
        switch command {
        case .pause:
            guard pausedSince == nil else { throw CommandRejection(message: "already paused: resume (or an empty line) goes on") }
            pausedSince = now
            emit(Event(t: now, .pause, clock: phaseClock(at: now)), into: &events)
        case .resume:
            guard let since = pausedSince else { throw CommandRejection(message: "not paused") }
            phaseStart = phaseStart + (now - since)
            shiftClocks(by: now - since)
            pausedTotal += now - since
            pausedSince = nil
            emit(Event(t: now, .resume, clock: phaseClock(at: now)), into: &events)
        case .togglePause:
            return events + (try handle(pausedSince == nil ? .pause : .resume, at: now))
        case .skip:
            endPhase(.skipped, at: now, into: &events)
            moveOn(to: following(at: now, skipped: true, into: &events), startingAt: now, now: now, into: &events)
        case .back:
            let target = max(index - 1, 0)
            try checkWindowIsOpen(for: target, at: now)
            try checkAMRAPRoundIsOpen()
            endPhase(.skipped, at: now, into: &events)
            emit(Event(t: now, .back(.init(index: target))), into: &events)
            beginPhase(target, at: now, now: now, reentering: true, into: &events)
        case .restart:
            guard plan.phases[index].window?.fillsRound != true else {
                throw CommandRejection(message: "\(Self.beatRest), so restart would not lengthen it: pause to rest longer")
            }
            endPhase(.skipped, at: now, into: &events)
            emit(Event(t: now, .restart(.init(index: index))), into: &events)
            beginPhase(index, at: now, now: now, reentering: true, into: &events)
        case .extend(let milliseconds):
            try extend(by: milliseconds, at: now, into: &events)
        case .done(let reps, let weight):
            let phase = plan.phases[index]
            if !phase.endsWithDone, let running = limitedBlock, running.block.kind == .open {
                guard reps == nil, weight == nil else {
                    throw CommandRejection(message: "done here ends the open repeat, which logs no reps: say done alone")
                }
                endOpenRepeat(running, at: now, into: &events)
                return events
            }
            guard phase.endsWithDone else {
                throw CommandRejection(
                    message: "done is for rep steps and open steps; this is a \(phase.kind.rawValue) phase (skip moves on)")
            }
            guard phase.kind == .reps || (reps == nil && weight == nil) else {
                throw CommandRejection(message: "an open step logs the time it took: say done alone")
            }
            endPhase(.completed, at: now, reps: reps ?? phase.reps, weight: weight ?? phase.weight, into: &events)
            moveOn(to: following(at: now, into: &events), startingAt: now, now: now, into: &events)
        case .quit:
            return events + finish(.quit, at: now)
        case .measure(let values):
            // Seconds already past are not sampled with a value that came after them.
            sampledThrough = max(sampledThrough, sessionSeconds(at: now))
            latest.take(values, at: now)
        case .status, .help:
            // Questions: they change nothing, and `answer(to:at:)` has what they ask.
            break
        }
        return events
    }

    /// The text that answers a command: where the session stands for `status`, the commands for
    /// `help`, for a lengthening cut short by an EMOM window or a block's time how much it gives
    /// and why, nothing for a command that is carried out as asked.
    public func answer(to command: Command, at now: Instant) -> String? {
        switch command {
        case .status:
            return snapshot(at: now).statusLine
        case .help:
            return CommandGrammar.help
        case .measure(let values):
            return "noted "
                + values.channels.map { "\($0.spokenName) \(JSONText.number(values[$0] ?? 0)) \($0.unit)" }.joined(separator: ", ")
        case .extend(let milliseconds):
            guard let change = try? lengthChange(by: milliseconds, at: now), let cut = change.cut else { return nil }
            return
                "lengthened by \((change.limit - change.current).spoken), not \(WorkoutDuration(milliseconds: milliseconds).spoken): \(cut.what) then"
        default:
            return nil
        }
    }

    /// Counts a stretch in which the timer did not run (the process was stopped from outside, or
    /// the machine slept on a clock that counts sleep) as a pause: what was due before `from`
    /// happens then, the session is paused at `from` and resumes at `to`, so nothing due in the
    /// gap fires in a burst and the time nobody trained is not counted as active. Already paused
    /// or not running, it changes nothing.
    public mutating func bridgeGap(from: Instant, to: Instant) -> [Event] {
        guard state == .running, pausedSince == nil, from < to else { return [] }
        let paused = (try? handle(.pause, at: from)) ?? []
        return paused + ((try? handle(.resume, at: to)) ?? [])
    }

    /// Ends the session early (quit or a signal), closing the current phase as skipped.
    public mutating func finish(_ outcome: SessionOutcome, at now: Instant) -> [Event] {
        guard state == .running else { return [] }
        var events = advance(to: now)
        guard state == .running else { return events }
        endPhase(.skipped, at: now, into: &events)
        endSession(outcome, at: now, into: &events)
        return events
    }

    // MARK: - Phases

    /// Appends an event, counting it in the summary.
    private mutating func emit(_ event: Event, into events: inout [Event]) {
        summary.record(event)
        events.append(event)
    }

    private mutating func moveOn(to next: Int, startingAt start: Instant, now: Instant, into events: inout [Event]) {
        if let running = limitedBlock, running.holds(next), let end = running.end, end <= start {
            // The block's time ran out just as a phase ended: no phase of it starts again.
            finishBlock(capped: true, at: end, now: now, into: &events)
            return moveOn(to: running.block.last + 1, startingAt: start, now: now, into: &events)
        }
        if next < plan.phases.count, plan.phases[next].window?.fillsRound == true, let windowEnd, windowEnd <= start {
            // The round's steps used its whole window: there is nothing left to rest.
            return moveOn(to: next + 1, startingAt: start, now: now, into: &events)
        }
        if next < plan.phases.count {
            beginPhase(next, at: start, now: now, into: &events)
        } else {
            // The session ended when its last phase did, however late this is noticed.
            endSession(.completed, at: now, endedAt: start, into: &events)
        }
    }

    /// Begins a phase; `reentering` (back, restart) comes into a phase again, so an EMOM round keeps its window.
    private mutating func beginPhase(_ newIndex: Int, at start: Instant, now: Instant, reentering: Bool = false, into events: inout [Event])
    {
        index = newIndex
        if let since = pausedSince {
            // A phase that begins during a pause starts now, still paused; the pause so far is counted.
            pausedTotal += now - since
            pausedSince = now
            phaseStart = now
            shiftClocks(by: now - since)
        } else {
            phaseStart = start
        }
        var phase = plan.phases[index]
        limit = phase.limit
        startWindow(of: phase, reentering: reentering)
        enterBlock(of: phase)
        schedule(droppingThrough: nil)
        // The rest that fills an EMOM round lasts what is left of the window, not what was planned.
        if phase.window?.fillsRound == true { phase.duration = limit }
        // In an AMRAP or open repeat, the round is the block's own, and has no count.
        if phase.timeLimit?.loops == true, let running = limitedBlock {
            phase.round = running.round
            phase.rounds = nil
        }
        let next = index + 1 < plan.phases.count ? plan.phases[index + 1] : nil
        emit(
            Event(
                t: now, due: phaseStart,
                .phaseStart(
                    .init(
                        index: index, count: plan.phases.count, phase: phase, next: next, plannedAfter: plan.planned(after: index)))),
            into: &events)
    }

    private mutating func endPhase(
        _ outcome: PhaseOutcome, active: WorkoutDuration? = nil, at now: Instant,
        reps: Int? = nil, weight: Weight? = nil, into events: inout [Event]
    ) {
        emit(
            Event(
                t: now,
                .phaseEnd(
                    .init(
                        index: index, phase: plan.phases[index], outcome: outcome, active: active ?? activeInPhase(at: now), reps: reps,
                        weight: weight,
                        measured: phaseMeasured))),
            into: &events)
        phaseMeasured = MeasuredSummary()
    }

    private mutating func endSession(_ outcome: SessionOutcome, at now: Instant, endedAt end: Instant? = nil, into events: inout [Event]) {
        if let since = pausedSince {
            pausedTotal += now - since
            pausedSince = nil
        }
        state = .finished(outcome)
        pending = []
        let active = scale.workout(((end ?? now) - .start) - pausedTotal)
        emit(
            Event(
                t: now,
                .sessionEnd(
                    .init(
                        outcome: outcome, active: active, paused: scale.workout(pausedTotal), wall: wallClock(), summary: summary,
                        measured: sessionMeasured))),
            into: &events)
    }

    private mutating func extend(by milliseconds: Int64, at now: Instant, into events: inout [Event]) throws(CommandRejection) {
        let change = try lengthChange(by: milliseconds, at: now)
        let elapsed = activeInPhase(at: now)
        let newLimit = change.limit
        limit = newLimit
        emit(Event(t: now, .extend(.init(index: index, by: newLimit - change.current)), clock: phaseClock(at: now)), into: &events)
        if newLimit <= elapsed {
            endPhase(.completed, active: elapsed, at: now, into: &events)
            moveOn(to: following(at: now, into: &events), startingAt: now, now: now, into: &events)
        } else {
            schedule(droppingThrough: pausedSince ?? now)
        }
    }

    /// The current phase's length now and after lengthening or shortening it by `milliseconds` at
    /// `now`: never less than the time spent, and never past the EMOM window or the block's time
    /// that cuts it off (`cut` says so when that shortened a lengthening).
    private func lengthChange(by milliseconds: Int64, at now: Instant) throws(CommandRejection)
        -> (current: WorkoutDuration, limit: WorkoutDuration, cut: (offset: WorkoutDuration, what: String)?)
    {
        guard let current = limit else {
            throw CommandRejection(
                message: "this \(plan.phases[index].isOpen ? "open" : "rep") step has no time limit to change: say done when you finish")
        }
        guard plan.phases[index].window?.fillsRound != true else {
            throw CommandRejection(message: "\(Self.beatRest): pause to rest longer, or skip to start the round now")
        }
        let elapsed = activeInPhase(at: now)
        let wanted = current.milliseconds + milliseconds
        let newLimit = WorkoutDuration(milliseconds: min(max(wanted, elapsed.milliseconds), WorkoutDuration.maximumStep.milliseconds))
        guard milliseconds > 0, let cut = cutOff, newLimit > cut.offset else { return (current, newLimit, nil) }
        guard current < cut.offset else {
            throw CommandRejection(
                message:
                    "\(cut.what) in \((cut.offset - elapsed).spoken), and this phase already lasts until then: it cannot be lengthened (pause stops the clock)"
            )
        }
        return (current, cut.offset, cut)
    }

    /// Where the EMOM round's window or the AMRAP's or capped block's time cuts the current phase
    /// off, as an offset into it, and what that is.
    private var cutOff: (offset: WorkoutDuration, what: String)? {
        if let windowEnd { return (scale.workout(windowEnd - phaseStart), "the round's window ends") }
        guard let running = limitedBlock, let end = running.end else { return nil }
        return (
            scale.workout(end - phaseStart), running.block.kind == .amrap ? "the AMRAP's time is up" : "the time cap is reached"
        )
    }

    /// Why the rest that fills an EMOM round cannot be made longer or shorter.
    private static let beatRest = "this rest lasts until the next round starts on its beat"

    /// Lays out what is to come in the current phase; after an extend, what would now be past is dropped.
    private mutating func schedule(droppingThrough past: Instant?) {
        let phase = plan.phases[index]
        var items: [Scheduled] = []
        if let limit, phase.duration != nil {
            for remaining in stride(from: plan.countdown, through: 1, by: -1) {
                let offset = limit - .seconds(Int64(remaining))
                if offset > .zero { items.append(Scheduled(offset: offset, action: .countdown(remaining))) }
            }
        }
        // Shortened to before an announcement (the halfway point, say), the phase no longer has it.
        for announcement in phase.announcements(workoutHalfway: plan.halfway) where limit.map({ announcement.offset < $0 }) ?? true {
            items.append(Scheduled(offset: announcement.offset, action: .cue(announcement.text, isHalfway: announcement.isHalfway)))
        }
        items.sort { $0.offset < $1.offset }
        if let limit, phase.window?.fillsRound != true { items.append(Scheduled(offset: limit, action: .end)) }
        // After anything due at the same instant: a phase that ends just as its window or block does is completed.
        for (end, action) in [(windowEnd, Scheduled.Action.windowEnd), (limitedBlock?.end, .blockEnd)] {
            guard let end else { continue }
            let offset = scale.workout(end - phaseStart)
            items.insert(Scheduled(offset: offset, action: action), at: items.firstIndex { $0.offset > offset } ?? items.endIndex)
        }
        pending = past.map { past in items.filter { due($0) >= past } } ?? items
    }

    // MARK: - Time

    /// The real instant at which an offset into the current phase falls.
    private func due(_ offset: WorkoutDuration) -> Instant {
        phaseStart + scale.real(offset)
    }

    /// When something scheduled is due; a window's end is kept as an instant, so rounds start exactly on their beat.
    private func due(_ item: Scheduled) -> Instant {
        switch item.action {
        case .windowEnd: windowEnd ?? due(item.offset)
        case .blockEnd: limitedBlock?.end ?? due(item.offset)
        default: due(item.offset)
        }
    }

    // MARK: - Measurements

    /// When the next sample is due: the next whole second of session time, while some value
    /// will still be current then; nil when nothing would be.
    private var nextSampleDue: Instant? {
        guard let freshUntil = latest.freshUntil else { return nil }
        let at = sampleInstant(sampledThrough + 1)
        return at <= freshUntil ? at : nil
    }

    /// The real instant at which session second `second` falls, pauses so far excluded.
    private func sampleInstant(_ second: Int64) -> Instant {
        Instant.start + pausedTotal + scale.real(.seconds(second))
    }

    /// The last session second whose sample falls at or before `now`, pauses excluded: counted
    /// down, never rounded up, so a value that comes just before a second does not pass it over.
    private func sessionSeconds(at now: Instant) -> Int64 {
        let pausedNow = pausedTotal + (pausedSince.map { now - $0 } ?? .zero)
        let real = Double(((now - .start) - pausedNow).nanoseconds)
        var second = max(0, Int64((real * scale.speed / 1e9).rounded(.down)))
        while second > 0, sampleInstant(second) > now { second -= 1 }
        return second
    }

    /// Samples the values current at `at`, the next session second, judging each against the
    /// current phase's target at that moment.
    private mutating func takeSample(at: Instant, now: Instant, into events: inout [Event]) {
        sampledThrough += 1
        let values = latest.fresh(at: at)
        guard !values.isEmpty else { return }
        let phase = plan.phases[index]
        let elapsed = activeInPhase(at: at)
        let fraction = phase.duration.map { $0.milliseconds > 0 ? Double(elapsed.milliseconds) / Double($0.milliseconds) : 0 } ?? 0
        let target: (MeasuredChannel) -> TargetRange? = { phase.targets.measuredRange(of: $0, at: fraction) }
        phaseMeasured.add(values, target: target)
        sessionMeasured.add(values, target: target)
        let sample = Event.Sample(
            index: index, active: .seconds(sampledThrough), values: values, standing: values.standings(against: target))
        emit(Event(t: now, due: at, .sample(sample)), into: &events)
    }

    // MARK: - Windows (EMOM)

    /// In an EMOM round: when its window ends.
    private var windowEnd: Instant? {
        windowRound.flatMap { windowEnds[$0] }
    }

    /// Opens a round's window at the start of its first phase, keeps it through the round (and when
    /// `back` or `restart` comes into the round again), and lets the rest that fills it last until
    /// it ends; outside an EMOM there is none.
    private mutating func startWindow(of phase: Phase, reentering: Bool) {
        guard let window = phase.window else {
            windowRound = nil
            return
        }
        if reentering {
            windowRound = roundStart(of: index)
        } else if window.startsRound {
            // Only a window still open can be gone back into: the ended ones are forgotten.
            windowEnds = windowEnds.filter { $0.value > phaseStart }
            windowRound = index
            windowEnds[index] = phaseStart + scale.real(window.length)
        }
        if window.fillsRound, let windowEnd { limit = max(.zero, scale.workout(windowEnd - phaseStart)) }
    }

    /// The index of the first phase of the EMOM round that the phase at `index` is in.
    private func roundStart(of index: Int) -> Int {
        var first = index
        while first > 0, plan.phases[first].window?.startsRound == false { first -= 1 }
        return first
    }

    /// Refuses to go back into an earlier EMOM round whose window has ended: the rounds after it have had its time.
    private func checkWindowIsOpen(for target: Int, at now: Instant) throws(CommandRejection) {
        guard plan.phases[target].window != nil else { return }
        let round = roundStart(of: target)
        guard round != windowRound else { return }
        guard let end = windowEnds[round], end > pausedSince ?? now else {
            let name = plan.phases[target].round.map { "round \($0)" } ?? "the previous round"
            throw CommandRejection(message: "the window of \(name) has ended, so back cannot reopen it (its rounds start on the beat)")
        }
    }

    /// `back` from the first step of an AMRAP's or open repeat's second round or later would leave
    /// the round under way for one that is done and counted, and the block with it: it is refused instead.
    private func checkAMRAPRoundIsOpen() throws(CommandRejection) {
        guard let running = limitedBlock, running.block.loops, index == running.block.first, running.round > 1 else { return }
        let block = running.block.kind == .open ? "open repeat" : "AMRAP"
        throw CommandRejection(
            message: "round \(running.round - 1) of the \(block) is done, so back cannot reopen it: restart starts this step again")
    }

    /// Moves the instants kept apart from the phase's start later by a pause.
    private mutating func shiftClocks(by pause: Duration) {
        for (round, end) in windowEnds { windowEnds[round] = end + pause }
        if var running = limitedBlock {
            running.start = running.start + pause
            running.end = running.end.map { $0 + pause }
            limitedBlock = running
        }
    }

    // MARK: - AMRAPs, open repeats and time caps

    /// Starts the clock of an AMRAP, open repeat or capped block at its first phase; outside one there is none.
    private mutating func enterBlock(of phase: Phase) {
        guard let block = phase.timeLimit else {
            limitedBlock = nil
            return
        }
        if limitedBlock?.block != block {
            limitedBlock = RunningBlock(block: block, start: phaseStart, end: block.length.map { phaseStart + scale.real($0) })
        }
    }

    /// The phase after the current one, which has just ended (`skipped`, or run to its end): an
    /// AMRAP or open repeat goes round again after its last phase, and a capped block gone through in time ends.
    /// A skipped step is not counted as done, and a round with one is not counted as a round.
    private mutating func following(at now: Instant, skipped: Bool = false, into events: inout [Event]) -> Int {
        guard var running = limitedBlock, running.holds(index) else { return index + 1 }
        if skipped {
            running.skipped += 1
            running.roundHasSkip = true
        } else {
            running.steps += 1
        }
        limitedBlock = running
        guard index == running.block.last else { return index + 1 }
        if running.block.loops {
            if !running.roundHasSkip { running.completedRounds += 1 }
            running.round += 1
            running.steps = 0
            running.roundHasSkip = false
            limitedBlock = running
            return running.block.first
        }
        finishBlock(capped: false, at: now, now: now, into: &events)
        return index + 1
    }

    /// Ends an open repeat at once at the user's `done`: the step under way counts as done, and the
    /// session goes on after the block.
    private mutating func endOpenRepeat(_ running: RunningBlock, at now: Instant, into events: inout [Event]) {
        endPhase(.completed, at: now, into: &events)
        var ended = running
        ended.steps += 1
        if index == running.block.last, !running.roundHasSkip {
            ended.completedRounds += 1
            ended.steps = 0
        }
        limitedBlock = ended
        finishBlock(capped: false, at: now, now: now, into: &events)
        moveOn(to: running.block.last + 1, startingAt: now, now: now, into: &events)
    }

    /// Ends the AMRAP, open repeat or capped block, saying how it went.
    private mutating func finishBlock(capped: Bool, at end: Instant, now: Instant, into events: inout [Event]) {
        guard let running = limitedBlock else { return }
        limitedBlock = nil
        let loops = running.block.loops
        emit(
            Event(
                t: now, due: capped ? end : nil,
                .blockEnd(
                    .init(
                        kind: running.block.kind, length: running.block.length, rounds: loops ? running.completedRounds : nil,
                        steps: running.steps,
                        skipped: running.skipped, active: capped ? running.block.length ?? .zero : scale.workout(end - running.start),
                        capped: capped
                    ))),
            into: &events)
    }

    /// The first phase after the current round of an EMOM.
    private func indexAfterRound() -> Int {
        var next = index + 1
        while next < plan.phases.count, let window = plan.phases[next].window, !window.startsRound { next += 1 }
        return next
    }

    /// Time spent in the current phase so far, pauses excluded, in workout time.
    private func activeInPhase(at now: Instant) -> WorkoutDuration {
        max(.zero, scale.workout((pausedSince ?? now) - phaseStart))
    }

    /// The current phase's time spent and time left at `now`.
    private func phaseClock(at now: Instant) -> Event.PhaseClock {
        phaseClock(elapsed: activeInPhase(at: now))
    }

    /// The current phase's clock once `elapsed` has been spent in it.
    private func phaseClock(elapsed: WorkoutDuration) -> Event.PhaseClock {
        Event.PhaseClock(index: index, elapsed: elapsed, remaining: limit.map { max(.zero, $0 - elapsed) })
    }

    // MARK: - Looking in

    /// Where the session stands at `now`, for displays and `status`.
    public func snapshot(at now: Instant) -> Snapshot {
        let elapsed = state == .running ? activeInPhase(at: now) : .zero
        let remaining = phaseClock(elapsed: elapsed).remaining
        let pausedNow = pausedTotal + (pausedSince.map { now - $0 } ?? .zero)
        return Snapshot(
            index: index, count: plan.phases.count, phase: plan.phases[index],
            next: index + 1 < plan.phases.count ? plan.phases[index + 1] : nil,
            limit: limit, elapsed: elapsed, remaining: remaining,
            sessionRemaining: (remaining ?? .zero) + plan.planned(after: index),
            sessionActive: scale.workout((now - .start) - pausedNow), paused: pausedSince != nil, state: state,
            measured: latest.fresh(at: now))
    }

    /// The next instant after `now` at which a whole second of the display changes (the phase's
    /// time left for a timed phase, its time so far for a rep step), or nil when nothing moves.
    public func nextDisplayTick(after now: Instant) -> Instant? {
        guard state == .running, pausedSince == nil else { return nil }
        let elapsed = activeInPhase(at: now).milliseconds
        let anchor = limit.map { $0.milliseconds % 1000 } ?? 0
        var offset = elapsed - ((elapsed - anchor) % 1000 + 1000) % 1000 + 1000
        while due(WorkoutDuration(milliseconds: offset)) <= now { offset += 1000 }
        if let limit, offset >= limit.milliseconds { return nil }
        return due(WorkoutDuration(milliseconds: offset))
    }
}

/// A command the session cannot carry out now, with the reason for the user.
public struct CommandRejection: Error, Sendable, Equatable {
    public let message: String
}
