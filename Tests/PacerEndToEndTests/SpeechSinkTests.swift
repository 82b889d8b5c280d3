import Foundation
import Testing

/// `pacer run --sink speech` with a fake engine on PATH: what is said, when, and what gives way.
@Suite("speech sink")
struct SpeechSinkTests {
    /// How far from its due time a countdown number may start (the fake's clock has 10 ms steps).
    static let tolerance = 0.1

    @Test func saysTheNamesWhatIsNextAndEachCountdownNumberOnItsBeat() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write(
            "talk.json",
            """
            {"name": "Talk", "countdown": 3, "steps": [
              {"prepare": 8, "name": "Get ready"},
              {"work": 10, "name": "Wall sit", "cue": "Back flat", "cues": [{"at": 2, "text": "Breathe"}]},
              {"rest": 8},
              {"work": 10, "name": "Lunges"}]}
            """)
        let path = sandbox.path("talk.log")
        // Speed 2: countdown numbers 0.5 s apart, each dropped unless started within 0.25 s, which
        // a busy machine may take (at speed 4 one was dropped under two busy loops).
        let result = try await PacerProcess.run(
            ["run", "talk.json", "--speed", "2", "--sink", "speech:rate=500", "--log", path],
            in: sandbox, environment: engine.environment(), timeout: 40)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let spoken = engine.spoken
        #expect(
            spoken.map(\.text) == [
                "Get ready", "Next: Wall sit", "three", "two", "one",
                "Wall sit, 10 seconds", "Back flat", "Breathe", "three", "two", "one",
                "Rest", "Next: Lunges", "three", "two", "one",
                "Lunges, 10 seconds", "three", "two", "one",
                "Workout complete",
            ], "\(spoken)")
        #expect(spoken.first?.arguments == "-s 500 Get ready", "the rate in espeak-ng's own flag, the text last")
        #expect(!engine.records.contains { $0.kind == "cut" }, "nothing had to be cut: \(engine.records)")

        // Each number starts at its countdown event's due time, on the session's clock (the first
        // phase's name, due at 0, marks the session's start on the engine's clock).
        let origin = try #require(spoken.first?.time)
        let numbers = spoken.filter { ["three", "two", "one"].contains($0.text) }
        let countdowns = log.of("countdown")
        try #require(numbers.count == countdowns.count, "\(numbers) for \(countdowns)")
        for (number, countdown) in zip(numbers, countdowns) {
            let due = try #require(countdown.due)
            #expect(["", "one", "two", "three"][countdown.int("remaining") ?? 0] == number.text)
            #expect(
                abs(number.time - origin - due) <= Self.tolerance + result.stalled,
                "“\(number.text)” at \(number.time - origin) s, due at \(due) s")
        }
        // So does each phase's name.
        let names = spoken.filter { ["Get ready", "Wall sit, 10 seconds", "Rest", "Lunges, 10 seconds"].contains($0.text) }
        for (name, start) in zip(names, log.of("phase.start")) {
            #expect(
                abs(name.time - origin - (start.due ?? -1)) <= Self.tolerance + result.stalled,
                "“\(name.text)” at \(name.time - origin) s: \(start)")
        }
    }

    @Test func aCountdownNumberCutsOffALongSentence() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write("plank.json", #"{"name": "Plank", "countdown": 3, "steps": [{"work": 8, "name": "Plank"}]}"#)
        let path = sandbox.path("plank.log")
        // Every utterance takes the fake 30 s, so each goes on until something cuts it off.
        // Speed 2, as above: a number is dropped unless started within 0.25 s.
        let result = try await PacerProcess.run(
            ["run", "plank.json", "--speed", "2", "--sink", "speech:rate=350", "--log", path],
            in: sandbox, environment: engine.environment(seconds: 30), timeout: 20)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let log = try RunTests.checkLog(path, outcome: "completed")
        let records = engine.records
        // Each utterance is cut off by the next: all of them are started, in order, and cut (the
        // record of a cut may come just after the next start, from another process).
        let said = ["Plank, 8 seconds", "three", "two", "one", "Workout complete"]
        #expect(engine.spoken.map(\.text) == said, "\(records)")
        #expect(records.filter { $0.kind == "cut" }.map(\.text).sorted() == said.sorted(), "\(records)")
        let origin = try #require(records.first?.time)
        let three = try #require(log.of("countdown").first?.due)
        let cut = try #require(records.first { $0.kind == "cut" && $0.text == said[0] })
        let started = try #require(records.first { $0.kind == "start" && $0.text == "three" })
        for record in [cut, started] {
            #expect(abs(record.time - origin - three) <= Self.tolerance + result.stalled, "\(record) should be at \(three) s")
        }
        // The last words get a few seconds after the session, then they are stopped too.
        let end = try #require(log.events.last?.t)
        let last = try #require(records.last)
        #expect(last.time - origin >= end + 1.9 && last.time - origin <= end + 3 + result.stalled, "\(last) vs the end at \(end) s")
        #expect(result.seconds < end + 5, "\(result)")
    }

    @Test func pauseAndResumeAreAcknowledgedAndQuittingIsSilent() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write("plank.json", #"{"name": "Plank", "steps": [{"work": 40, "name": "Plank"}]}"#)
        let path = sandbox.path("plank.log")
        let process = try await PacerProcess(
            ["run", "plank.json", "--speed", "4", "--sink", "speech", "--log", path],
            environment: sandbox.environment(engine.environment()), directory: sandbox.directory, stdin: .open)
        #expect(await eventually { engine.spoken.count == 1 }, "\(engine.records)")
        process.write("pause\n")
        #expect(await eventually { engine.spoken.count == 2 }, "\(engine.records)")
        process.write("resume\n")
        #expect(await eventually { engine.spoken.count == 3 }, "\(engine.records)")
        process.write("quit\n")
        let result = await process.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        try RunTests.checkLog(path, outcome: "quit")
        #expect(engine.spoken.map(\.text) == ["Plank, 40 seconds", "Paused", "Resumed"], "\(engine.records)")
    }

    @Test func withoutAnEngineTheUserIsToldOnceAndTheSessionRunsOn() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("tabata.log")
        let result = try await PacerProcess.run(
            ["run", "tabata", "--speed", "200", "--sink", "speech", "--sink", "terminal", "--log", path],
            in: sandbox, environment: ["PATH": sandbox.path("nothing-here")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("no speech engine on PATH") && result.stderr.contains("install espeak-ng"), "\(result)")
        #expect(result.stdoutLines.last?.hasPrefix("Workout complete.") == true, "\(result)")
        try RunTests.checkLog(path, outcome: "completed")
    }

    @Test func anEngineThatFailsIsReportedOnce() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write(
            "short.json", #"{"name": "Short", "countdown": 2, "steps": [{"work": 4, "name": "Jump"}, {"work": 4, "name": "Run"}]}"#)
        let result = try await PacerProcess.run(
            ["run", "short.json", "--speed", "4", "--sink", "speech:rate=500"],
            in: sandbox, environment: engine.environment(status: 3))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines == [
                "pacer: the speech sink failed: espeak-ng ended with status 3 while saying “Jump, 4 seconds”; the session goes on without what it could not take"
            ], "\(result)")
        // It is still asked for the rest.
        #expect(engine.spoken.map(\.text).contains("Run, 4 seconds"), "\(engine.records)")
    }

    // Issue 15, item 6: an engine that hangs was never reported when each phrase was cut off by
    // the next before its own time limit: the user got no sound and no word.
    @Test func anEngineThatHangsIsReportedOnceEvenWhenEveryPhraseIsCutOff() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write(
            "short.json", #"{"name": "Short", "countdown": 0, "steps": [{"repeat": 4, "steps": [{"work": 4, "name": "Jump"}]}]}"#)
        let result = try await PacerProcess.run(
            ["run", "short.json", "--speed", "2", "--sink", "speech:rate=500"],
            in: sandbox, environment: engine.environment(seconds: 1000), timeout: 20)
        #expect(result.status == 0, "\(result)")
        let hangs = result.stderrLines.filter { $0.contains("seems to hang") }
        #expect(hangs.count == 1 && result.stderrLines.count == 1, "\(result)")
        #expect(hangs.first?.contains("espeak-ng has said none of the last 3 phrases") == true, "\(result)")
        #expect(engine.records.filter { $0.kind == "end" }.isEmpty, "\(engine.records)")
    }

    // Issue 33, item 13: in a short session a hung engine was never reported: each phrase was cut
    // by the next before twice its length and a second had passed, the countdown numbers a second
    // apart above all. At speed 1, since the numbers are a second apart only then.
    @Test func aHungEngineIsReportedBeforeTheSummaryOfAShortSession() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write("short.json", #"{"name": "Short", "countdown": 2, "steps": [{"work": 6, "name": "Jump"}, {"rest": 4}]}"#)
        let process = try await PacerProcess(
            ["run", "short.json", "--no-history", "--sink", "terminal", "--sink", "speech"],
            environment: sandbox.environment(engine.environment(seconds: 1000)), directory: sandbox.directory)
        // The phrase of the first phase, "two" and "one" are each cut off by the next: reported
        // when the rest starts, 6 s in, well before the summary at 10 s.
        #expect(await eventually(timeout: 15) { process.errorsSoFar.contains("seems to hang") }, "\(engine.records)")
        #expect(!process.outputSoFar.contains("Workout complete."), "the hang is reported before the summary")
        let result = await process.finish(timeout: 15)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("espeak-ng has said none of the last 3 phrases"), "\(result)")
        #expect(result.stdoutLines.last?.hasPrefix("Workout complete.") == true, "\(result)")
    }

    @Test func workoutTextReachesTheEngineAsOneHarmlessArgument() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox)
        try sandbox.write(
            "hostile.json",
            #"""
            {"name": "Hostile", "countdown": 0, "steps": [{"work": 10, "name": "--stdout \u001b[2J$(touch pwned); `id` 'q' \"w\"\t\u0007x"}]}
            """#)
        let result = try await PacerProcess.run(
            ["run", "hostile.json", "--speed", "5", "--sink", "speech:rate=500"],
            in: sandbox, environment: engine.environment())
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let first = try #require(engine.spoken.first, "\(engine.records)")
        #expect(first.text == #"stdout 2J$(touch pwned); `id` 'q' "w" x, 10 seconds"#, "\(first)")
        #expect(first.arguments == "-s 500 " + first.text)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("pwned")))
    }

    @Test func theUsersOwnCommandGetsTheTextAsItsLastArgument() async throws {
        let sandbox = try Sandbox()
        let engine = try FakeSpeechEngine(in: sandbox, name: "my-tts")
        try sandbox.write("go.json", #"{"name": "Go", "countdown": 3, "steps": [{"work": 6, "name": "Go"}]}"#)
        let result = try await PacerProcess.run(
            ["run", "go.json", "--speed", "2", "--sink", "speech:command=my-tts --quiet -x"],
            in: sandbox, environment: engine.environment())
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(
            engine.spoken.map(\.arguments) == [
                "--quiet -x Go, 6 seconds", "--quiet -x three", "--quiet -x two", "--quiet -x one",
                "--quiet -x Workout complete",
            ], "\(engine.records)")
        let refused = try await PacerProcess.run(
            ["run", "go.json", "--sink", "speech:command=my-tts,rate=200"],
            in: sandbox, environment: engine.environment())
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("with command=, put the flags in the command"), "\(refused)")
    }
}
