import PacerEngine
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = EngineFixture

@Suite("Session summary")
struct SessionSummaryTests {
    // Issue 7, item 20: the summary counted cool-down as "warm-up and prep".
    @Test func coolDownIsCountedApartFromWarmUpAndPrep() {
        let phases = [
            Phase(kind: .warmup, name: "Warm up", duration: F.duration(60)),
            Phase(kind: .prepare, name: "Ready", duration: F.duration(10)),
            F.work(30), F.rest(15),
            Phase(kind: .cooldown, name: "Cool down", duration: F.duration(120)),
        ]
        var engine = F.engine(F.plan(countdown: 0, phases))
        _ = engine.start(at: 0)
        _ = F.runToEnd(&engine)
        let summary = engine.summary
        #expect(summary.warmedUp == F.duration(70))
        #expect(summary.cooledDown == F.duration(120))
        #expect(summary.worked == F.duration(30) && summary.rested == F.duration(15))
        #expect(summary.completedPhases == 5 && summary.skippedPhases == 0)
    }

    // Issue 7, item 3: the summary is the engine's truth, handed over whole in session.end, so a
    // display that dropped events cannot make it wrong.
    @Test func sessionEndCarriesTheSummaryOfEveryPhase() throws {
        let phases = (0..<5_000).map { F.work("P\($0)", 1) }
        var engine = F.engine(F.plan(countdown: 0, phases))
        _ = engine.start(at: 0)
        // Everything due in one late step, as after a stop of the process.
        var events = engine.advance(to: .seconds(4_000))
        try #require(!engine.isFinished)
        events += F.runToEnd(&engine)
        guard case .sessionEnd(let end) = try #require(events.last).payload else {
            Issue.record("the last event is not session.end")
            return
        }
        #expect(end.summary.completedPhases == 5_000)
        #expect(end.summary.worked == .seconds(5_000))
        #expect(end.summary == engine.summary)
    }
}
