import Foundation
import Testing

/// Measurements from plugins and pipes, as a real session takes them: sampled once a session
/// second whatever their rate, refusals said once, and a flood that cannot hold up the clock.
@Suite("measurements")
struct MeasurementTests {
    /// 2 s of getting ready, then 20 s at 200 W: 4.4 s at --speed 5.
    static let ride = #"{"name": "Ride", "countdown": 0, "steps": [{"prepare": 2}, {"work": 20, "name": "Steady", "power": "200 W"}]}"#

    @Test func aFloodOfMeasurementsIsSampledOnceASecondAndOnlyARefusalIsAnswered() async throws {
        let sandbox = try Sandbox()
        let recorded = sandbox.path("recorded.jsonl")
        // One bad value, then measurements as fast as the pipe takes them until the stream ends.
        let script = """
            #!/usr/bin/env python3
            import sys, threading
            done = threading.Event()
            def record():
                with open('\(recorded)', 'w') as out:
                    for line in sys.stdin:
                        out.write(line)
                done.set()
            threading.Thread(target=record, daemon=True).start()
            try:
                print("measure power=abc", flush=True)
                while not done.is_set():
                    sys.stdout.write("measure power=200 heart_rate=150 cadence=90 speed=8\\n" * 500)
                    sys.stdout.flush()
            except BrokenPipeError:
                pass
            done.wait(10)
            """
        let plugin = try PluginTests.plugin("flood", script, in: sandbox)
        let (result, log) = try await PluginTests.run(["exec:\(plugin)"], in: sandbox, speed: "5", workout: Self.ride, timeout: 30)
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        let samples = events.of("sample").filter { $0.int("index") == 2 }
        try #require(!samples.isEmpty, "\(events)")
        // Every session second once, however many values came in it.
        let seconds = samples.compactMap { $0.int("active") }
        #expect(seconds == Array(seconds[0]...22), "\(seconds)")
        #expect(samples.allSatisfy { $0.number("power") == 200 && $0.number("speed") == 8 }, "\(samples.prefix(3))")
        let end = try #require(events.of("phase.end").last)
        let measured = try #require(end.fields["measured"] as? [String: Any], "\(end)")
        #expect((measured["power"] as? [String: Any])?["avg"] as? Double == 200, "\(end)")
        let inside = ((end.fields["in_target"] as? [String: Any])?["power"] as? [String: Any])?["inside"] as? Int
        #expect(inside == samples.count, "\(end)")
        // Thousands of accepted values, one refusal: the plugin hears of the refusal alone.
        let replies = try EventLog(path: recorded).of("reply")
        #expect(replies.map { $0.string("command") } == ["measure power=abc"], "\(replies.prefix(3))")
        #expect(result.stderrLines.filter { $0.contains("sent a measurement that was refused") }.count == 1, "\(result)")
    }

    @Test func measurementsPipedOnStandardInputAreSampledAndOnlyARefusalIsPrinted() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", Self.ride)
        let log = sandbox.path("session.log")
        let input = "measure power=180 cadence=85\nmeasure cadence=-1\n"
        let result = try await PacerProcess.run(
            ["run", "ride.json", "--speed", "5", "--log", log], in: sandbox,
            stdin: .data(Data(input.utf8)), timeout: 20)
        #expect(result.status == 0, "\(result)")
        let events = try RunTests.checkLog(log, outcome: "completed")
        let first = try #require(events.of("sample").first, "\(events)")
        #expect(first.number("power") == 180 && first.number("cadence") == 85, "\(first)")
        #expect(!result.stdout.contains("noted"), "\(result)")
        #expect(result.stdoutLines.contains { $0.contains("cadence is never negative (-1)") }, "\(result)")
    }
}
