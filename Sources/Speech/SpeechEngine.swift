import PacerFoundation
import PacerSystem

/// A program that speaks: one of the engines Pacer knows, found on `PATH` in the order
/// espeak-ng, espeak, spd-say, say, or the user's own command. The text to say is always the
/// last argument, passed as it is (no shell ever reads it).
public struct SpeechEngine: Sendable, Equatable {
    /// The engines Pacer knows, in the order it looks for them.
    public enum Kind: String, Sendable, CaseIterable {
        case espeakNG = "espeak-ng"
        case espeak
        case spdSay = "spd-say"
        case say
    }

    /// The engine Pacer knows, or nil for the user's own command.
    public let kind: Kind?
    /// The program's path.
    public let executable: String
    /// The arguments before the text.
    public let arguments: [String]

    public init(kind: Kind?, executable: String, arguments: [String]) {
        self.kind = kind
        self.executable = executable
        self.arguments = arguments
    }

    /// The program's name, for messages.
    public var name: String {
        String(executable.split(separator: "/").last ?? Substring(executable))
    }

    /// The engine to speak with: the user's command, or the first engine Pacer knows on
    /// `searchPath`, set up with the settings' voice, rate and volume in its own flags.
    public static func find(_ settings: SpeechSettings, searchPath: String?, among kinds: [Kind] = Kind.allCases) throws(SpeechError)
        -> SpeechEngine
    {
        if let command = settings.command {
            guard let executable = FileSystem.executable(named: command[0], searchPath: searchPath) else {
                throw .commandNotFound(command[0])
            }
            return SpeechEngine(kind: nil, executable: executable, arguments: Array(command.dropFirst()))
        }
        for kind in kinds {
            if let executable = FileSystem.executable(named: kind.rawValue, searchPath: searchPath) {
                return SpeechEngine(kind: kind, executable: executable, arguments: flags(for: kind, settings))
            }
        }
        throw .noEngine(lookedFor: kinds.map(\.rawValue))
    }

    /// The engine's own flags for the settings.
    static func flags(for kind: Kind, _ settings: SpeechSettings) -> [String] {
        var flags: [String] = []
        switch kind {
        case .espeakNG, .espeak:
            if let voice = settings.voice { flags += ["-v", voice] }
            if let rate = settings.rate { flags += ["-s", String(rate)] }
            if let volume = settings.volume { flags += ["-a", String(volume)] }
        case .spdSay:
            // Waits until the text is spoken, so that ending the process is how speech is cut.
            flags.append("-w")
            if let voice = settings.voice {
                let parts = voice.split(separator: "/", maxSplits: 1).map(String.init)
                flags += parts.count == 2 ? ["-o", parts[0], "-t", parts[1]] : ["-t", voice]
            }
            // spd-say counts from -100 to 100, 0 being its normal rate and volume.
            if let rate = settings.rate {
                flags += ["-r", String(min(100, max(-100, (rate - SpeechTiming.defaultRate) * 100 / SpeechTiming.defaultRate)))]
            }
            if let volume = settings.volume { flags += ["-i", String(min(100, max(-100, volume - 100)))] }
        case .say:
            if let voice = settings.voice { flags += ["-v", voice] }
            if let rate = settings.rate { flags += ["-r", String(rate)] }
        }
        return flags
    }

    /// The arguments that say `text` aloud.
    public func arguments(saying text: String) -> [String] {
        arguments + [text]
    }

    /// The arguments that write `text` as a WAV file on standard output, for the engines that can
    /// (espeak-ng and espeak); nil for the others.
    public func arguments(writingWAVOf text: String) -> [String]? {
        guard kind == .espeakNG || kind == .espeak else { return nil }
        return arguments + ["--stdout", text]
    }

    /// The arguments that silence what a speech server is still saying after its client has been
    /// ended (spd-say hands the text to speech-dispatcher), if the engine needs them.
    public var silencingArguments: [String]? {
        kind == .spdSay ? ["-C"] : nil
    }
}

/// Speech that cannot be had (no engine, an engine that fails, audio that cannot be read): a case
/// to switch on, said with what to do about it where there is something to do.
public indirect enum SpeechError: Error, Sendable, CustomStringConvertible {
    /// The speech command the user named (`program`) is not an executable file, or not on PATH.
    case commandNotFound(String)
    /// None of the engines looked for is on PATH.
    case noEngine(lookedFor: [String])
    /// The engine (`engine`) cannot write audio files, which render needs.
    case cannotWriteAudio(engine: String)
    /// A pipe or the engine's output failed.
    case file(FileError)
    /// The engine could not be started.
    case notStarted(SubprocessError)
    /// The engine wrote more than `limit` bytes for `text`.
    case tooMuchAudio(engine: String, limit: Int, text: String)
    /// The engine failed (`how`: `ended with status 1`) rendering `text`.
    case renderFailed(engine: String, how: String, text: String)
    /// The engine wrote audio for `text` that cannot be read, for `reason`.
    case unreadableAudio(engine: String, text: String, reason: SpeechError)
    /// The bytes are no WAV pacer reads: what is wrong with them.
    case invalidWAV(String)
    /// Step `step` (from 1), named `name`, has no length to render: an open step, or a rep step without a cap.
    case noLength(step: Int, name: String, open: Bool)
    /// The workout lasts longer than the `hours` a WAV file can hold.
    case tooLong(WorkoutDuration, hours: Int)
    /// The rendering could not be written to `name`.
    case unwritten(name: String, FileError)
    /// The engine failed (`how`: `was ended by signal 9`) while saying `text`.
    case sayingFailed(engine: String, how: String, text: String)
    /// The engine has said none of the last `count` phrases in twice their time (the last: `text`).
    case silent(engine: String, count: Int, text: String)
    /// The engine took more than `seconds` to say `text` and was stopped.
    case overran(engine: String, seconds: Int64, text: String)

    public var description: String {
        switch self {
        case .commandNotFound(let program):
            "the speech command '\(program)' is not \(program.contains("/") ? "an executable file" : "on PATH")"
        case .noEngine(let kinds):
            "no speech engine on PATH (looked for \(kinds.joined(separator: ", "))): install espeak-ng (apt install espeak-ng), or name a program with --sink speech:command=PROGRAM"
        case .cannotWriteAudio(let engine): "\(engine) cannot write audio files; render needs espeak-ng or espeak"
        case .file(let error): error.description
        case .notStarted(let error): error.description
        case .tooMuchAudio(let engine, let limit, let text): "\(engine) wrote more than \(limit >> 20) MiB for “\(text)”"
        case .renderFailed(let engine, let how, let text): "\(engine) \(how) rendering “\(text)”"
        case .unreadableAudio(let engine, let text, let reason): "\(engine) wrote an unreadable WAV for “\(text)”: \(reason)"
        case .invalidWAV(let problem): problem
        case .noLength(let step, let name, open: true):
            "step \(step), “\(name)”, is an open step, which lasts until you say done, so it has no length to render"
        case .noLength(let step, let name, open: false):
            """
            step \(step), “\(name)”, is a rep step without a cap, so it has no length to \
            render: give it one ("cap": "2m") and it is rendered at its cap
            """
        case .tooLong(let duration, let hours): "the workout lasts \(duration.spoken), longer than the \(hours) hours a WAV file can hold"
        case .unwritten(let name, let error): "cannot write \(name): \(error.why())"
        case .sayingFailed(let engine, let how, let text): "\(engine) \(how) while saying “\(text)”"
        case .silent(let engine, let count, let text):
            "\(engine) has said none of the last \(count) phrases in twice the time they take (the last: “\(text)”); it seems to hang"
        case .overran(let engine, let seconds, let text): "\(engine) took more than \(seconds) s to say “\(text)” and was stopped"
        }
    }
}
