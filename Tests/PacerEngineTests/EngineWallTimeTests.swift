import PacerEngine
import PacerFoundation
import PacerTestSupport
import Testing

private typealias F = EngineFixture

/// The engine is the one reader of a session's wall clock: once for `session.start`, once for
/// `session.end`, however the session ends.
@Suite("Engine: wall time")
struct EngineWallTimeTests {
    @Test(arguments: [SessionOutcome.completed, .quit, .aborted])
    func theWallClockIsReadOnceAtTheStartAndOnceAtTheEnd(outcome: SessionOutcome) throws {
        let wall = WallClockFixture()
        var engine = Engine(plan: F.plan([F.work("A", 10), F.rest(5)]), file: "test.json", wallClock: wall.clock)
        var events = engine.start(at: 0)
        #expect(wall.count == 1)
        events += F.advance(&engine, to: F.at(12))
        #expect(wall.count == 1, "nothing but the start and the end reads the wall clock")
        events += outcome == .completed ? F.runToEnd(&engine) : engine.finish(outcome, at: F.at(12))
        #expect(wall.count == 2)

        guard case .sessionStart(let start) = try #require(events.first).payload,
            case .sessionEnd(let end) = try #require(events.last).payload
        else {
            Issue.record("the session does not begin with session.start and end with session.end")
            return
        }
        #expect(end.outcome == outcome)
        #expect(start.wall.iso8601 == "2026-11-30T07:00:00+01:00" && end.wall.iso8601 == "2026-11-30T07:01:00+01:00")
        #expect(
            events.compactMap { $0.jsonLine.firstMatch(of: /"wall":"([^"]*)"/).map { String($0.1) } }
                == ["2026-11-30T07:00:00+01:00", "2026-11-30T07:01:00+01:00"])
    }
}
