import Dispatch
import Glibc
import PacerSystem
import Synchronization

/// Renders phrases to sound through an engine that writes WAV on its standard output
/// (`espeak-ng --stdout`), each phrase once, a few engine processes at a time.
struct PhraseSynthesizer: Sendable {
    let engine: SpeechEngine
    let environment: [String: String]
    /// The rate every phrase is brought to.
    let sampleRate: Int

    /// How long one phrase may take before the engine is taken to hang.
    static let timeLimit = 30.0
    /// The most WAV bytes one phrase may produce: minutes of speech, far more than any phrase needs.
    static let sizeLimit = 64 << 20
    /// The silence kept after a phrase: the pause before the next one, as a live engine leaves it.
    static let tail = Duration.milliseconds(250)
    /// How many engine processes run at once.
    static let workers = 4

    /// Every phrase of `texts` as sound; `progress` is told how many are done after each one.
    func render(_ texts: [String], progress: @escaping @Sendable (Int) -> Void) throws(SpeechError) -> [String: Audio] {
        let next = Atomic<Int>(0)
        let results = Mutex<(sounds: [String: Audio], failure: SpeechError?)>(([:], nil))
        DispatchQueue.concurrentPerform(iterations: min(Self.workers, texts.count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < texts.count, results.withLock({ $0.failure == nil }) else { return }
                do throws(SpeechError) {
                    let sound = try render(texts[index])
                    results.withLock { results in
                        results.sounds[texts[index]] = sound
                        progress(results.sounds.count)
                    }
                } catch {
                    results.withLock { results in
                        if results.failure == nil { results.failure = error }
                    }
                }
            }
        }
        let (sounds, failure) = results.withLock { ($0.sounds, $0.failure) }
        if let failure { throw failure }
        return sounds
    }

    /// One phrase as sound, trimmed and at `sampleRate`.
    func render(_ text: String) throws(SpeechError) -> Audio {
        guard let arguments = engine.arguments(writingWAVOf: text) else {
            throw .cannotWriteAudio(engine: engine.name)
        }
        let pipe: (read: Int32, write: Int32)
        do { pipe = try FileSystem.pipe() } catch { throw .file(error) }
        defer { close(pipe.read) }
        let process: Subprocess
        do {
            process = try Subprocess.spawn(engine.executable, arguments: arguments, environment: environment, stdout: pipe.write)
        } catch {
            close(pipe.write)
            throw .notStarted(error)
        }
        close(pipe.write)
        // An engine that hangs is killed, which ends the pipe and the read below.
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeLimit) { process.signal(SIGKILL) }
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.readAll(pipe.read, name: "the output of \(engine.name)", limit: Self.sizeLimit)
        } catch {
            process.signal(SIGKILL)
            throw .file(error)
        }
        guard let bytes else {
            process.signal(SIGKILL)
            throw .tooMuchAudio(engine: engine.name, limit: Self.sizeLimit, text: text)
        }
        process.wait(seconds: Self.timeLimit)
        guard process.status == 0 else {
            let how =
                process.status.map { $0 == 128 + SIGKILL ? "took more than \(Int(Self.timeLimit)) s" : "ended with status \($0)" }
                ?? "did not end"
            throw .renderFailed(engine: engine.name, how: how, text: text)
        }
        do {
            return try WAVDecoder.decode(bytes).resampled(to: sampleRate).trimmed(tail: Self.tail)
        } catch {
            throw .unreadableAudio(engine: engine.name, text: text, reason: error)
        }
    }
}
