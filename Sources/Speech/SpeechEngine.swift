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
                throw SpeechError(
                    "the speech command '\(command[0])' is not \(command[0].contains("/") ? "an executable file" : "on PATH")")
            }
            return SpeechEngine(kind: nil, executable: executable, arguments: Array(command.dropFirst()))
        }
        for kind in kinds {
            if let executable = FileSystem.executable(named: kind.rawValue, searchPath: searchPath) {
                return SpeechEngine(kind: kind, executable: executable, arguments: flags(for: kind, settings))
            }
        }
        throw SpeechError(
            "no speech engine on PATH (looked for \(kinds.map(\.rawValue).joined(separator: ", "))): install espeak-ng (apt install espeak-ng), or name a program with --sink speech:command=PROGRAM"
        )
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

/// Speech that cannot be had (no engine, an engine that fails, audio that cannot be read), with
/// what to do about it where there is something to do.
public struct SpeechError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
