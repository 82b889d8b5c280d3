import Dispatch
import PacerCore

/// Runs an engine in real time: one Dispatch timer, re-armed for the engine's next deadline,
/// measured from the session start on the monotonic clock so that nothing drifts.
public final class SessionDriver: @unchecked Sendable {
    // Every mutable property is touched only on `queue`.
    private let queue = DispatchQueue(label: "pacer.clock", qos: .userInteractive)
    private var engine: Engine
    private let hub: SinkHub
    private let timer: any DispatchSourceTimer
    private var origin: Int64 = 0
    private var finished: (@Sendable (SessionOutcome) -> Void)?

    public init(engine: Engine, hub: SinkHub) {
        self.engine = engine
        self.hub = hub
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
    }

    /// Starts the session now; `finished` is called once, on the clock's queue, after its last event.
    public func start(finished: @escaping @Sendable (SessionOutcome) -> Void) {
        queue.async { [self] in
            self.finished = finished
            origin = Clocks.monotonicNanoseconds()
            timer.setEventHandler { [unowned self] in tick() }
            timer.activate()
            deliver(engine.start(at: 0, wall: Clocks.wallTimeISO8601()), now: 0)
        }
    }

    /// Carries out a command; `reply` gets a message for the user when there is one, and
    /// `completion` runs (on the clock's queue) once the command's events are published.
    public func submit(_ command: Command, reply: @escaping @Sendable (String) -> Void, completion: (@Sendable () -> Void)? = nil) {
        queue.async { [self] in
            defer { completion?() }
            let now = elapsed()
            switch command {
            case .quit:
                deliver(engine.finish(.quit, at: now, wall: Clocks.wallTimeISO8601()), now: now)
            case .status:
                deliver(engine.advance(to: now), now: now)
                reply(engine.snapshot(at: now).statusLine)
            case .help:
                reply(CommandGrammar.help)
            default:
                // What was due first is published first, so a rejected command loses none of it.
                deliver(engine.advance(to: now), now: now)
                do throws(CommandRejection) {
                    deliver(try engine.handle(command, at: now), now: now)
                } catch {
                    reply(error.message)
                }
            }
        }
    }

    /// Ends the session early because of a signal.
    public func abort() {
        queue.async { [self] in
            let now = elapsed()
            deliver(engine.finish(.aborted, at: now, wall: Clocks.wallTimeISO8601()), now: now)
        }
    }

    /// Sends a fresh snapshot to the sinks (after a terminal resize, say).
    public func refresh() {
        queue.async { [self] in
            if !engine.isFinished { hub.update(engine.snapshot(at: elapsed())) }
        }
    }

    private func elapsed() -> Int64 {
        Clocks.monotonicNanoseconds() - origin
    }

    private func tick() {
        let now = elapsed()
        deliver(engine.advance(to: now), now: now)
    }

    /// Publishes events, refreshes displays and arms the timer for whatever is due next.
    private func deliver(_ events: [Event], now: Int64) {
        hub.publish(events)
        if case .finished(let outcome) = engine.state {
            timer.cancel()
            if let finished {
                self.finished = nil
                finished(outcome)
            }
            return
        }
        hub.update(engine.snapshot(at: now))
        let deadlines = [engine.nextDeadline, engine.nextDisplayTick(after: now)].compactMap { $0 }
        if let next = deadlines.min() {
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: UInt64(max(0, origin + next))), leeway: .nanoseconds(0))
        } else {
            timer.schedule(deadline: .distantFuture, leeway: .nanoseconds(0))
        }
    }
}
