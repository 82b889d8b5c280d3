import Foundation
import SinkKit
import Speech
import Testing

@Suite("SpeechEngine")
struct SpeechEngineTests {
    /// A folder holding empty executables with these names.
    private func folder(with names: [String]) throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pacer-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            let file = folder.appendingPathComponent(name)
            try Data("#!/bin/sh\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return folder
    }

    @Test func findsTheEnginesInOrderOnThePath() throws {
        let first = try folder(with: ["say", "spd-say"])
        let second = try folder(with: ["espeak", "espeak-ng"])
        defer { [first, second].forEach { try? FileManager.default.removeItem(at: $0) } }
        let path = "/nonexistent:\(first.path):\(second.path)"
        let engine = try SpeechEngine.find(SpeechSettings(), searchPath: path)
        #expect(engine.kind == .espeakNG && engine.executable == second.path + "/espeak-ng" && engine.arguments.isEmpty)
        #expect(try SpeechEngine.find(SpeechSettings(), searchPath: path, among: [.spdSay, .say]).kind == .spdSay)
        #expect(try SpeechEngine.find(SpeechSettings(), searchPath: first.path, among: [.espeakNG, .espeak, .say]).kind == .say)
    }

    @Test func noEngineSaysWhatToInstall() throws {
        let empty = try folder(with: ["espeak-ng.txt"])
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = #expect(throws: SpeechError.self) { try SpeechEngine.find(SpeechSettings(), searchPath: empty.path) }
        #expect(error?.description.contains("install espeak-ng") == true)
        guard case .noEngine(lookedFor: let looked)? = error, looked == SpeechEngine.Kind.allCases.map(\.rawValue) else {
            Issue.record("not .noEngine with every kind: \(String(describing: error))")
            return
        }
        #expect(throws: SpeechError.self) { try SpeechEngine.find(SpeechSettings(), searchPath: nil) }
    }

    @Test func theUsersCommandIsFoundAndKeepsItsArguments() throws {
        let bin = try folder(with: ["my-tts"])
        defer { try? FileManager.default.removeItem(at: bin) }
        let engine = try SpeechEngine.find(SpeechSettings(command: ["my-tts", "--fast", "-x"]), searchPath: bin.path)
        #expect(engine.kind == nil && engine.name == "my-tts" && engine.arguments(saying: "Go") == ["--fast", "-x", "Go"])
        #expect(engine.arguments(writingWAVOf: "Go") == nil)
        let direct = try SpeechEngine.find(SpeechSettings(command: [bin.path + "/my-tts"]), searchPath: nil)
        #expect(direct.executable == bin.path + "/my-tts")
        let missing = #expect(throws: SpeechError.self) { try SpeechEngine.find(SpeechSettings(command: ["nope"]), searchPath: bin.path) }
        #expect(missing?.description == "the speech command 'nope' is not on PATH")
    }

    @Test func voiceRateAndVolumeGoInEachEnginesOwnFlags() throws {
        let bin = try folder(with: SpeechEngine.Kind.allCases.map(\.rawValue))
        defer { try? FileManager.default.removeItem(at: bin) }
        func flags(_ kind: SpeechEngine.Kind, _ settings: SpeechSettings) throws -> [String] {
            try SpeechEngine.find(settings, searchPath: bin.path, among: [kind]).arguments
        }
        let settings = SpeechSettings(voice: "en-gb", rate: 250, volume: 150)
        #expect(try flags(.espeakNG, settings) == ["-v", "en-gb", "-s", "250", "-a", "150"])
        #expect(try flags(.espeak, settings) == ["-v", "en-gb", "-s", "250", "-a", "150"])
        #expect(try flags(.spdSay, settings) == ["-w", "-t", "en-gb", "-r", "42", "-i", "50"])
        #expect(try flags(.say, settings) == ["-v", "en-gb", "-r", "250"])
        #expect(
            try flags(.spdSay, SpeechSettings(voice: "espeak-ng/female1", rate: 80, volume: 0))
                == ["-w", "-o", "espeak-ng", "-t", "female1", "-r", "-54", "-i", "-100"])
        #expect(try flags(.espeakNG, SpeechSettings()).isEmpty && flags(.spdSay, SpeechSettings()) == ["-w"])

        let espeak = try SpeechEngine.find(settings, searchPath: bin.path, among: [.espeak])
        #expect(espeak.arguments(saying: "Go") == ["-v", "en-gb", "-s", "250", "-a", "150", "Go"])
        #expect(espeak.arguments(writingWAVOf: "Go") == ["-v", "en-gb", "-s", "250", "-a", "150", "--stdout", "Go"])
        #expect(espeak.silencingArguments == nil)
        let spd = try SpeechEngine.find(settings, searchPath: bin.path, among: [.spdSay])
        #expect(spd.silencingArguments == ["-C"] && spd.arguments(writingWAVOf: "Go") == nil)
    }
}

@Suite("SpeechSettings")
struct SpeechSettingsTests {
    @Test func readsAndChecksTheSinkOptions() throws {
        let settings = try SpeechSettings(options: ["voice": "en+f3", "rate": "200", "volume": "80"])
        #expect(settings == SpeechSettings(voice: "en+f3", rate: 200, volume: 80))
        #expect(try SpeechSettings(options: ["command": "piper  --model x"]).command == ["piper", "--model", "x"])
        #expect(SpeechSettings.options.map(\.key) == ["command", "voice", "rate", "volume", "nudges"])
        #expect(try SpeechSettings(options: ["nudges": "off"]).nudges == false)
        #expect(try SpeechSettings(options: [:]).nudges)
        let problems: [[String: String]: String] = [
            ["rate": "fast"]: "speech rate takes a whole number from 80 to 500, not 'fast'",
            ["rate": "9000"]: "speech rate takes a whole number from 80 to 500, not '9000'",
            ["volume": "-1"]: "speech volume takes a whole number from 0 to 200, not '-1'",
            ["voice": "--stdout"]: "'--stdout' is not a voice name (letters, digits and -_+./, as in en-gb or en+f3)",
            ["voice": "en gb"]: "'en gb' is not a voice name (letters, digits and -_+./, as in en-gb or en+f3)",
            ["command": " "]: "speech option command= names no program",
            ["nudges": "maybe"]: "speech option nudges takes on or off, not 'maybe'",
            ["command": "say", "rate": "200"]:
                "speech options voice, rate and volume are for the engines pacer knows; with command=, put the flags in the command",
        ]
        for (options, message) in problems {
            let error = #expect(throws: SinkSetupError.self) { try SpeechSettings(options: options) }
            #expect(error?.description == message)
            guard case .invalidOption(sink: "speech", let key, _)? = error else {
                Issue.record("not .invalidOption of speech: \(String(describing: error))")
                continue
            }
            #expect(options[key] != nil, "the option named is one given: \(key)")
        }
    }
}
