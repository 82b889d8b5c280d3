import Dispatch
import PacerEngine
import PacerFoundation
import PacerSystem

/// Runs an engine on a clock: one wake-up, re-armed for the engine's next deadline or the next
/// whole second of the display, measured from the session's start so that nothing drifts.
// @unchecked: the engine and the rest are confined to `queue` (the deadline thread runs wake-ups there with `sync`), which the checker cannot see.
public final class SessionDriver: @unchecked Sendable {
    // Every mutable property is touched only on `queue`.
    private let queue = DispatchQueue(label: "pacer.clock", qos: .userInteractive)
    private var engine: Engine
    private let hub: SinkHub
    private let clock: any SessionClock
    private var finished: (@Sendable (SessionOutcome) -> Void)?
    /// Set once no command can arrive any more (a session waiting for one then ends): what to
    /// tell the user when it does.
    private var inputEndedNotice: (@Sendable (String) -> Void)?
    /// Set by a signal that came before the start: the session then ends as soon as it starts.
    private var abortedBeforeStart = false
    /// When the wake-up armed last should come: its deadline, or the moment it was armed when that
    /// deadline had already passed (a session catching up). Far later than this, the clock did not
    /// run for us.
    private var armed: Instant?
    /// Tells the user about a stretch the clock did not run (the process stopped, the machine asleep).
    private let gapNotice: @Sendable (String) -> Void

    /// How late a wake-up may come before the time since it was due counts as a pause: far more
    /// than a busy machine makes a timer late, far less than a stop or a sleep lasts.
    public static let longestLateness = Duration.seconds(2)

    /// A driver for `engine` on `clock`; the engine's own wall clock stamps the start and the end.
    /// `gapNotice` tells the user when a stretch in which the clock did not run became a pause.
    public init(
        engine: Engine, hub: SinkHub, clock: any SessionClock = MonotonicSessionClock(),
        gapNotice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.engine = engine
        self.hub = hub
        self.clock = clock
        self.gapNotice = gapNotice
    }

    /// Starts the session now, on the caller's thread (in turn on the clock's queue), and returns
    /// once it has started; `finished` is called once, on the clock's queue, after its last event.
    public func start(finished: @escaping @Sendable (SessionOutcome) -> Void) {
        queue.sync { [self] in
            self.finished = finished
            clock.start(on: queue) { [unowned self] in tick() }
            let now = clock.now()
            deliver(engine.start(at: now), now: now)
            if abortedBeforeStart { deliver(engine.finish(.aborted, at: now), now: now) }
        }
    }

    /// Carries out a command and answers it: `reply` gets the outcome (after the command's events
    /// are published), then `completion` runs, both on the clock's queue.
    public func submit(
        _ command: Command, line: String, reply: @escaping @Sendable (Reply) -> Void,
        completion: (@Sendable () -> Void)? = nil
    ) {
        queue.async { [self] in
            defer { completion?() }
            let now = clock.now()
            // What was due first is published first, so a rejected command loses none of it.
            let due = catchUp(to: now)
            if !due.isEmpty { deliver(due, now: now) }
            guard !engine.isFinished else {
                // A sensor goes on sending until its input closes: a value after the end is moot.
                if case .measure = command { return }
                reply(Reply(command: line, accepted: false, text: "the session has ended", t: now))
                return
            }
            do throws(CommandRejection) {
                let (answer, before) = (engine.answer(to: command, at: now), engine.snapshot(at: now))
                let events = try engine.handle(command, at: now)
                // The displays are drawn again only when the command changed what they show, which
                // its events say: a question changes nothing, and a sensor's values (several lines a
                // second) reach the displays with each tick's snapshot, so they draw no frames of their own.
                if events.isEmpty { arm(now: now) } else { deliver(events, now: now) }
                // Every command gets a line back, but none after the summary of a session it ended.
                let outcome = engine.isFinished ? nil : engine.snapshot(at: now).outcome(of: command, from: before)
                reply(Reply(command: line, accepted: true, text: answer ?? outcome, t: now))
            } catch {
                reply(Reply(command: line, accepted: false, text: error.message, t: now))
            }
        }
    }

    /// Answers a line that is not a command, in order with the answers to the lines before it.
    public func refuse(
        line: String, message: String, reply: @escaping @Sendable (Reply) -> Void,
        completion: (@Sendable () -> Void)? = nil
    ) {
        queue.async { [self] in
            reply(Reply(command: line, accepted: false, text: message, t: clock.now()))
            completion?()
        }
    }

    /// Ends the session early because of a signal; before the start, as soon as it starts.
    public func abort() {
        queue.async { [self] in
            guard engine.state != .ready else {
                abortedBeforeStart = true
                return
            }
            let now = clock.now()
            deliver(catchUp(to: now) + engine.finish(.aborted, at: now), now: now)
        }
    }

    /// Says that no command can arrive any more: from now on, a session that would wait for one
    /// (paused, or at a rep step without a cap or an open step) ends as `quit`, after `notice` tells the user why.
    public func noMoreInput(notice: @escaping @Sendable (String) -> Void) {
        queue.async { [self] in
            inputEndedNotice = notice
            let now = clock.now()
            deliver(catchUp(to: now), now: now)
        }
    }

    /// Sends a fresh snapshot to the sinks (after a terminal resize, say).
    public func refresh() {
        queue.async { [self] in
            if !engine.isFinished { hub.update(engine.snapshot(at: clock.now())) }
        }
    }

    /// Whether the session has ended, after the work already queued on the clock's queue.
    public var isFinished: Bool {
        queue.sync { engine.isFinished }
    }

    /// Runs `body` on the clock's queue after the work already queued there.
    public func sync<Result>(_ body: () -> Result) -> Result {
        queue.sync(execute: body)
    }

    private func tick() {
        let now = clock.now()
        deliver(catchUp(to: now), now: now)
    }

    /// Everything due up to `now`. When the armed wake-up comes far too late, the process was not
    /// running (stopped from outside, or the machine slept): that stretch becomes a pause, so the
    /// phases that fell inside it do not all start at once and nobody is credited with the time.
    private func catchUp(to now: Instant) -> [Event] {
        guard let armed, now - armed > Self.longestLateness, engine.state == .running, !engine.isPaused else {
            return engine.advance(to: now)
        }
        self.armed = nil
        let gap = WorkoutDuration(milliseconds: (now - armed).nanoseconds / 1_000_000).wholeSeconds.spoken
        gapNotice("pacer: the clock did not run for \(gap) (the process was stopped, or the machine slept): that time counts as a pause")
        return engine.bridgeGap(from: armed, to: now) + engine.advance(to: now)
    }

    /// Publishes events, refreshes displays and arms the clock for whatever is due next.
    private func deliver(_ events: [Event], now: Instant) {
        hub.publish(events)
        if let inputEndedNotice, engine.waitsForCommand {
            let waitingFor = engine.isPaused ? "to be resumed" : "for 'done'"
            inputEndedNotice("pacer: no more commands can arrive (input ended) and the session was waiting \(waitingFor): ending it")
            hub.publish(engine.finish(.quit, at: now))
        }
        if case .finished(let outcome) = engine.state {
            armed = nil
            clock.stop()
            if let finished {
                self.finished = nil
                finished(outcome)
            }
            return
        }
        hub.update(engine.snapshot(at: now))
        arm(now: now)
    }

    /// Arms the clock for whatever is due next: the engine's next deadline or the display's next second.
    private func arm(now: Instant) {
        let deadline = [engine.nextDeadline, engine.nextDisplayTick(after: now)].compactMap { $0 }.min()
        // Read again, not taken from `now`: the time spent making and handing out events (a session
        // catching up on thousands, on a loaded machine) is work, never a stretch the clock did not
        // run. The price: a stop from outside that falls within these microseconds is not seen.
        armed = deadline.map { max($0, clock.now()) }
        clock.schedule(deadline)
    }
}
