import PacerFoundation
import PacerSystem
import PacerWorkout

/// Turns a workout into one WAV file at real speed, without playing anything: a tone at every
/// phase start, a tick at every countdown second, and what the coach says, each phrase rendered
/// once through the engine and placed where the live coach would say it.
public struct Renderer: Sendable {
    /// The output's samples per second (mono, 16 bits): plenty for speech and tones.
    public static let sampleRate = 22_050
    /// Silence after the last sound, so that no player clips it.
    static let tail = Duration.milliseconds(300)
    /// Speech a little below full scale, so tones laid over it rarely clip.
    static let speechGain: Int32 = 205

    public let score: SessionScore
    /// The engine that speaks, or nil for tones only.
    public let engine: SpeechEngine?

    public init(plan: Plan, engine: SpeechEngine?) throws(SpeechError) {
        score = try SessionScore(plan: plan)
        self.engine = engine
    }

    /// How far a render has got.
    public enum Progress: Sendable {
        /// Phrases rendered through the engine, of all the distinct ones.
        case speaking(done: Int, of: Int)
        /// Samples mixed and written, of all.
        case mixing(done: Int, of: Int)
    }

    /// What was written.
    public struct Rendering: Sendable {
        public let duration: Duration
        /// Distinct phrases rendered through the engine.
        public let phrases: Int
        /// Utterances heard in the file.
        public let utterances: Int
        public let bytes: Int
    }

    /// Renders and writes the WAV file to `descriptor` (called `name` in messages), with
    /// `environment` for the engine.
    public func render(
        to descriptor: Int32, name: String, environment: [String: String],
        progress: @escaping @Sendable (Progress) -> Void
    ) throws(SpeechError) -> Rendering {
        var sounds: [String: Audio] = [:]
        var spoken: [SpokenClip] = []
        if let engine {
            let texts = Set(score.offers.flatMap { [$0.utterance.text] + ($0.utterance.shortText.map { [$0] } ?? []) }).sorted()
            progress(.speaking(done: 0, of: texts.count))
            sounds = try PhraseSynthesizer(engine: engine, environment: environment, sampleRate: Self.sampleRate)
                .render(texts) { progress(.speaking(done: $0, of: texts.count)) }
            spoken = SpokenTimeline.clips(of: score.offers) { [sounds] in sounds[$0]?.duration ?? .zero }
        }
        var clips: [Mixer.Clip] = []
        let tones = Dictionary(
            uniqueKeysWithValues: SessionScore.Signal.allCases.map { ($0, Tone.sound(of: $0, sampleRate: Self.sampleRate)) })
        for sounding in score.soundings {
            clips.append(Mixer.Clip(start: Self.sample(sounding.at), sound: tones[sounding.signal]!))
        }
        for clip in spoken {
            guard let sound = sounds[clip.text] else { continue }
            let start = Self.sample(clip.start)
            clips.append(Mixer.Clip(start: start, sound: sound, count: Self.sample(clip.end) - start, gain: Self.speechGain))
        }
        let length = max(Self.sample(score.end), clips.map { $0.start + $0.count }.max() ?? 0) + Self.sample(.start + Self.tail)
        guard length <= WAVHeader.maximumSamples else {
            let hours = WAVHeader.maximumSamples / Self.sampleRate / 3600
            throw .tooLong(WorkoutDuration(milliseconds: Int64(length / Self.sampleRate) * 1000), hours: hours)
        }
        do throws(FileError) {
            try FileSystem.writeAll(descriptor, WAVHeader.bytes(sampleRate: Self.sampleRate, sampleCount: length))
            var written = 0
            try Mixer(clips: clips, length: length).mix { block throws(FileError) in
                try FileSystem.writeAll(descriptor, block.map { $0.littleEndian }.withUnsafeBytes { Array($0) })
                written += block.count
                progress(.mixing(done: written, of: length))
            }
        } catch {
            throw .unwritten(name: name, error)
        }
        return Rendering(
            duration: .nanoseconds(Int64(length) * 1_000_000_000 / Int64(Self.sampleRate)), phrases: sounds.count,
            utterances: spoken.count, bytes: 44 + length * 2)
    }

    /// The sample at which `instant` falls, rounded to the nearest.
    static func sample(_ instant: Instant) -> Int {
        Int((instant.nanoseconds / 1000 * Int64(sampleRate) + 500_000) / 1_000_000)
    }
}
