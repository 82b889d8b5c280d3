import Dispatch
import Glibc
import PacerFoundation
import PacerSystem
import Synchronization

/// The live speaker: one engine process per utterance, started and stopped as `SpeechQueue`
/// decides, on a queue of its own, so neither the sink's queue nor the clock ever waits for speech.
// @unchecked: the speaking state is confined to `queue`, whose processes' exit handlers hop back onto it, which the checker cannot see.
public final class Voice: @unchecked Sendable {
    private let engine: SpeechEngine
    private let environment: [String: String]
    private let timing: SpeechTiming
    private let queue = DispatchQueue(label: "pacer.speech")
    /// The first failure not yet reported.
    private let failure = Mutex<SpeechError?>(nil)
    /// Set once a hang has been reported: a hung engine is told of once, not at every phrase.
    private let hangReported = OnceFlag()

    // Touched only on `queue`.
    private var speech: SpeechQueue
    /// The session's start on the monotonic clock.
    private var origin: Int64 = 0
    private var speaking: Speaking?
    private var serial = 0
    /// Phrases in a row that were cut off well after they should have been said, with none said to
    /// its end between them: how a hung engine shows when every phrase is cut by the next.
    private var overdueCuts = 0
    /// Signalled when the voice falls silent while the sink is closing.
    private var silent: DispatchSemaphore?

    /// The process saying the current utterance.
    private struct Speaking {
        let process: Subprocess
        let serial: Int
        let text: String
        /// When it started, on the monotonic clock.
        let started: Int64
        /// Whether Pacer asked it to stop because it took too long.
        var stopped = false
    }

    /// Cut-off phrases in a row, each overdue, that make an engine count as hung.
    static let overdueCutsForAHang = 3
    /// How long past twice its length a phrase may go unfinished before a cut counts it as overdue:
    /// room for an engine slow to start on a busy machine, short enough that a countdown number
    /// ("two", about 0.2 s) cut by the next one a second later counts.
    static let overdueSlack: Duration = .milliseconds(250)

    /// How long a process that is asked to stop gets before it is killed.
    static let stopGrace = 0.5
    /// The engine's niceness: below Pacer's, so that synthesising a phrase never competes with
    /// the clock or the other sinks for the processor.
    static let engineNiceness: Int32 = 5

    public init(engine: SpeechEngine, environment: [String: String], timing: SpeechTiming) {
        self.engine = engine
        self.environment = environment
        self.timing = timing
        speech = SpeechQueue(length: timing.length)
    }

    /// Sets the session's start: `origin` nanoseconds on the monotonic clock.
    public func begin(at origin: Int64) {
        queue.async { [self] in self.origin = origin }
    }

    /// Takes what the coach says, in order.
    public func offer(_ utterances: [Utterance]) {
        queue.async { [self] in
            for utterance in utterances { perform(speech.offer(utterance, at: now())) }
        }
    }

    /// Stops speaking and forgets what waits.
    public func silence() {
        queue.async { [self] in perform(speech.silence()) }
    }

    /// The first failure since the last call, if any: an engine that could not start, failed or hung.
    public func takeFailure() -> SpeechError? {
        failure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    /// Lets what is being said and what waits finish, for up to `seconds`, then stops the rest and
    /// waits (up to `stopGrace`) for it to end.
    public func close(waiting seconds: Double) {
        let quiet = DispatchSemaphore(value: 0)
        queue.sync {
            if speech.isIdle { quiet.signal() } else { silent = quiet }
        }
        _ = quiet.wait(timeout: .now() + seconds)
        let last: Subprocess? = queue.sync {
            silent = nil
            let process = speaking?.process
            perform(speech.silence())
            return process
        }
        last?.wait(seconds: Self.stopGrace + 0.1)
    }

    private func now() -> Instant {
        Instant(nanoseconds: Clocks.monotonicNanoseconds() - origin)
    }

    private func perform(_ actions: [SpeechQueue.Action]) {
        for action in actions {
            switch action {
            case .stop:
                if let speaking {
                    noteCut(speaking)
                    halt(speaking.process)
                }
                speaking = nil
            case .speak(let text):
                say(text)
            }
        }
        if speech.isIdle { silent?.signal() }
    }

    private func say(_ text: String) {
        serial += 1
        let serial = serial
        do throws(SubprocessError) {
            let process = try Subprocess.spawn(engine.executable, arguments: engine.arguments(saying: text), environment: environment) {
                [self] status in
                queue.async { self.ended(serial, status: status) }
            }
            // The clock and the other sinks come first: the engine works at a lower priority.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.pid), Self.engineNiceness)
            speaking = Speaking(process: process, serial: serial, text: text, started: Clocks.monotonicNanoseconds())
            let limit = timing.length(of: text) * 3 + .seconds(5)
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(limit.nanoseconds))) { [self] in overran(serial, limit: limit) }
        } catch {
            fail(.notStarted(error))
            perform(speech.finished(at: now()))
        }
    }

    /// The process with this serial number ended with `status`.
    private func ended(_ serial: Int, status: Int32) {
        // A process that was cut off no longer matters.
        guard let ended = speaking, ended.serial == serial else { return }
        speaking = nil
        if status == 0 { overdueCuts = 0 }
        if status != 0 && !ended.stopped {
            let how = status > 128 ? "was ended by signal \(status - 128)" : "ended with status \(status)"
            fail(.sayingFailed(engine: engine.name, how: how, text: ended.text))
        }
        perform(speech.finished(at: now()))
    }

    /// Counts a phrase cut off while still being said well after it should have ended (twice its
    /// length and `overdueSlack`): an engine that says nothing, its every phrase cut by the next, is
    /// hung. A working engine finishes each phrase before then, which starts the count again.
    private func noteCut(_ cut: Speaking) {
        let ranFor = Clocks.monotonicNanoseconds() - cut.started
        guard !cut.stopped, ranFor > (timing.length(of: cut.text) * 2 + Self.overdueSlack).nanoseconds else { return }
        overdueCuts += 1
        if overdueCuts >= Self.overdueCutsForAHang {
            failHanging(.silent(engine: engine.name, count: overdueCuts, text: cut.text))
        }
    }

    /// Stops a process that has taken far longer than its text should.
    private func overran(_ serial: Int, limit: Duration) {
        guard var overrunning = speaking, overrunning.serial == serial, !overrunning.stopped else { return }
        failHanging(.overran(engine: engine.name, seconds: limit.nanoseconds / 1_000_000_000, text: overrunning.text))
        overrunning.stopped = true
        speaking = overrunning
        halt(overrunning.process)
    }

    /// Asks a process to stop, and kills it if it has not within `stopGrace`.
    private func halt(_ process: Subprocess) {
        process.signal(SIGTERM)
        queue.asyncAfter(deadline: .now() + Self.stopGrace) { process.signal(SIGKILL) }
        if let silencing = engine.silencingArguments {
            _ = try? Subprocess.spawn(engine.executable, arguments: silencing, environment: environment)
        }
    }

    /// Reports a hang, the first time only.
    private func failHanging(_ error: SpeechError) {
        if hangReported.setFirst() { fail(error) }
    }

    private func fail(_ error: SpeechError) {
        failure.withLock { failure in
            if failure == nil { failure = error }
        }
    }
}
