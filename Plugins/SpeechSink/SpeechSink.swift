import PacerEngine
import PacerFoundation
import PacerSystem
import SinkKit
import Speech
import Synchronization

/// Speaks the session like a coach, through a speech engine in processes of its own: phase
/// names, what comes next, every countdown number on its beat, cues, and the end.
///
/// Without an engine the sink says so once, at the first event, and the session runs on silent.
/// An engine that fails or hangs is reported once; speech never holds up the clock.
public final class SpeechSink: Sink {
    /// What the coach has said so far, and why there is no voice until that has been reported.
    /// Only the sink's queue uses them; the lock lets the compiler check that.
    private struct Script {
        var coach: Coach
        var unavailable: SpeechError?
    }

    private let script: Mutex<Script>
    private let voice: Voice?

    /// How long the end of a session waits for the last words ("Workout complete" takes about
    /// 1.3 s), leaving time to stop them within the 3 s the hub gives a presenter to close.
    static let closingWait = 2.0

    /// Speaks with the engine the settings name, or the first one found on `environment`'s `PATH`.
    public init(settings: SpeechSettings, environment: [String: String]) {
        do {
            let engine = try SpeechEngine.find(settings, searchPath: environment["PATH"])
            voice = Voice(engine: engine, environment: environment, timing: SpeechTiming(rate: settings.rate ?? SpeechTiming.defaultRate))
            script = Mutex(Script(coach: Coach(nudges: settings.nudges)))
        } catch {
            voice = nil
            script = Mutex(Script(coach: Coach(nudges: settings.nudges), unavailable: error))
        }
    }

    /// The speaking coach, through espeak-ng or another engine on PATH.
    public static let registration = SinkRegistration(
        name: "speech", summary: "speaks like a coach: phase names, what is next, 3-2-1 (needs espeak-ng or another engine)",
        options: SpeechSettings.options,
        traits: SinkTraits(kind: .presenter)
    ) { context in
        SpeechSink(settings: try SpeechSettings(options: context.options), environment: context.environment)
    }

    public func receive(_ event: Event) throws {
        let received = Clocks.monotonicNanoseconds()
        if let unavailable = script.withLock({ script in
            defer { script.unavailable = nil }
            return script.unavailable
        }) {
            throw unavailable
        }
        guard let voice else { return }
        if case .sessionStart = event.payload { voice.begin(at: received - event.t.nanoseconds) }
        if Coach.silences(event) { voice.silence() }
        let utterances = script.withLock { $0.coach.utterances(for: event) }
        if !utterances.isEmpty { voice.offer(utterances) }
        if let failure = voice.takeFailure() { throw failure }
    }

    public func close() throws {
        guard let voice else { return }
        voice.close(waiting: Self.closingWait)
        if let failure = voice.takeFailure() { throw failure }
    }
}
