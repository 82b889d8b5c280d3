import Foundation
import Glibc
import Testing

/// `pacer render`: the session as a WAV file, checked in its samples.
@Suite("render")
struct RenderTests {
    /// Phases start at 0, 5, 11, 15 and 21 s; the capped rep step lasts its cap; the end is at 26.5 s.
    static let workout = """
        {"name": "Render", "countdown": 3, "steps": [
          {"prepare": 5, "name": "Get ready"},
          {"work": 6, "name": "Squats"},
          {"rest": 4},
          {"reps": 5, "name": "Push-ups", "cap": "6s"},
          {"work": "5.5s", "name": "Plank"}]}
        """
    static let phaseStarts = [0.0, 5, 11, 15, 21]
    static let end = 26.5

    /// Files in the sandbox's folder that a render may have left behind.
    static func leftovers(in sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.hasPrefix(".") && $0.contains(".wav.") }
    }

    /// Checks the file's format and length, and finds a tone starting within 5 ms of each phase start.
    static func checkRendering(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> RenderedWAV {
        let wav = try RenderedWAV(path: path)
        #expect(wav.sampleRate == 22_050 && wav.channels == 1 && wav.bitsPerSample == 16, sourceLocation: sourceLocation)
        // The planned time, plus at most a few seconds of closing words.
        #expect(wav.duration >= end && wav.duration <= end + 3, "\(wav.duration) s", sourceLocation: sourceLocation)
        let soxi = try #require(
            try soxiSeconds(path), "sox is needed to measure the file (apt install sox; .ci/run installs it)",
            sourceLocation: sourceLocation)
        #expect(abs(soxi - wav.duration) < 0.001, "soxi says \(soxi) s", sourceLocation: sourceLocation)
        for start in phaseStarts {
            let onset = wav.onset(near: start) ?? -1
            #expect(abs(onset - start) <= 0.005, "a tone at \(start) s: found one at \(onset) s", sourceLocation: sourceLocation)
        }
        return wav
    }

    @Test func tonesOnlyNeedNoEngine() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("render.json", Self.workout)
        let output = sandbox.path("tones.wav")
        let result = try await PacerProcess.run(
            ["render", "render.json", "-o", output, "--no-speech"], in: sandbox,
            environment: ["PATH": sandbox.path("nothing-here")])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdoutLines == ["wrote \(output): 27.4s, tones only, 1.2 MB"], "\(result)")
        let wav = try Self.checkRendering(output)
        // Between the sounds, silence: the tone of a phase lasts 0.22 s.
        #expect(wav.loudness(from: 5.25, to: 7.9) == 0)
        // A tick at each countdown second, and silence between the sounds.
        for tick in [2.0, 3, 4, 8, 9, 10, 12, 13, 14, 23.5, 24.5, 25.5] {
            let onset = wav.onset(near: tick) ?? -1
            #expect(abs(onset - tick) <= 0.005, "a tick at \(tick) s: found one at \(onset) s")
        }
        #expect(try Self.leftovers(in: sandbox).isEmpty)
    }

    @Test func speechIsRenderedThroughEspeakNG() async throws {
        try #require(programOnPath("espeak-ng") != nil, "espeak-ng is needed (apt install espeak-ng; .ci/run installs it)")
        let sandbox = try Sandbox()
        try sandbox.write("render.json", Self.workout)
        let output = sandbox.path("coach.wav")
        let result = try await PacerProcess.run(
            ["render", "render.json", "-o", output, "--voice", "en", "--rate", "200"], in: sandbox,
            timeout: 60)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix("wrote \(output): ") && result.stdout.contains(" utterances of "), "\(result)")
        let wav = try Self.checkRendering(output)
        // After the tone (0.22 s) of every phase but the rest (whose "Rest" is over as soon), its name is still being said.
        for start in Self.phaseStarts where start != 11 {
            #expect(wav.loudness(from: start + 0.3, to: start + 1) > 0.01, "speech after \(start) s")
        }
        // "Workout complete" after the end.
        #expect(wav.loudness(from: Self.end + 0.6, to: Self.end + 0.9) > 0.02)
        // The same render again gives the same file.
        let again = sandbox.path("again.wav")
        let second = try await PacerProcess.run(
            ["render", "render.json", "-o", again, "--voice", "en", "--rate", "200"], in: sandbox,
            timeout: 60)
        #expect(second.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test func badInputIsRefusedAndNoFileIsLeftHalfWritten() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("render.json", Self.workout)
        try sandbox.write("open-reps.json", #"{"name": "Open", "steps": [{"work": 5}, {"reps": 5, "name": "Back squat"}]}"#)
        let existing = try sandbox.write("existing.wav", "the old file")
        let none = ["PATH": sandbox.path("nothing-here")]

        let noEngine = try await PacerProcess.run(["render", "render.json", "-o", existing], in: sandbox, environment: none)
        #expect(
            noEngine.status == 1 && noEngine.stderr.contains("install espeak-ng") && noEngine.stderr.contains("--no-speech"), "\(noEngine)")

        let openReps = try await PacerProcess.run(["render", "open-reps.json", "-o", existing, "--no-speech"], in: sandbox)
        #expect(openReps.status == 1, "\(openReps)")
        #expect(
            openReps.stderrLines == [
                #"pacer: open-reps.json: step 2, “Back squat”, is a rep step without a cap, so it has no length to render: give it one ("cap": "2m") and it is rendered at its cap"#
            ], "\(openReps)")

        let noFolder = try await PacerProcess.run(
            ["render", "render.json", "-o", sandbox.path("missing/out.wav"), "--no-speech"], in: sandbox)
        #expect(
            noFolder.status == 1 && noFolder.stderr.contains("cannot write") && noFolder.stderr.contains("No such file or directory"),
            "\(noFolder)")
        let folder = try await PacerProcess.run(["render", "render.json", "-o", sandbox.pacerPath.path, "--no-speech"], in: sandbox)
        #expect(folder.status == 1 && folder.stderr.contains("it is a folder"), "\(folder)")

        let engine = try FakeSpeechEngine(in: sandbox)
        let failing = try await PacerProcess.run(
            ["render", "render.json", "-o", existing], in: sandbox, environment: engine.environment(status: 1))
        #expect(failing.status == 1 && failing.stderr.contains("espeak-ng ended with status 1 rendering “"), "\(failing)")

        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "the old file")
        #expect(try Self.leftovers(in: sandbox).isEmpty)
    }

    // Issue 15, item 16: the output was always 0644, whatever the umask and the file it replaced.
    @Test func theOutputHasTheModeOfTheFileItReplacesOrTheUmasks() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("render.json", Self.workout)
        let pacer = try PacerBinary.require().path
        let privateFile = sandbox.path("private.wav")
        let result = try await PacerProcess.run(
            ["-c", "umask 077; exec '\(pacer)' render render.json -o '\(privateFile)' --no-speech"],
            in: sandbox, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 0, "\(result)")
        let kept = try sandbox.write("kept.wav", "old")
        try #require(chmod(kept, 0o640) == 0)
        let replaced = try await PacerProcess.run(["render", "render.json", "-o", kept, "--no-speech"], in: sandbox)
        #expect(replaced.status == 0, "\(replaced)")
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(privateFile) == 0o600)
        #expect(try mode(kept) == 0o640)
    }

    @Test func anInterruptedRenderLeavesNothingBehind() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        let output = sandbox.path("out.wav")
        let process = try await PacerProcess(
            ["render", "tabata", "-o", output], environment: sandbox.environment(engine.environment(seconds: 30)),
            directory: sandbox.directory)
        let started = await eventually { !engine.spoken.isEmpty }
        #expect(started, "the engine was never started")
        #expect(try !Self.leftovers(in: sandbox).isEmpty, "the temporary file is there while rendering")
        process.send(SIGINT)
        let result = await process.finish()
        #expect(result.status == 130, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try Self.leftovers(in: sandbox).isEmpty)
    }
}
