import PacerEngine
import PacerFoundation
import PacerTestSupport
import Testing

private typealias F = EngineFixture

/// Issue 42, item 16: every command carried out gets a one-line reply saying what it did.
@Suite("Engine: what a command did")
struct CommandOutcomeTests {
    /// The reply to `command` at `seconds`, as the driver makes it: from the session before and after.
    private static func outcome(_ engine: inout Engine, _ command: Command, at seconds: Double) throws -> String? {
        let before = engine.snapshot(at: F.at(seconds))
        _ = try F.handle(&engine, command, at: F.at(seconds))
        return engine.snapshot(at: F.at(seconds)).outcome(of: command, from: before)
    }

    @Test func eachCommandSaysWhatItDidAndWhereTheSessionIsNow() throws {
        var engine = F.engine(F.plan(countdown: 0, [F.work("Work", 60), F.rest(10), F.reps("Squats", 10), F.work("Last", 30)]))
        _ = engine.start(at: .start)
        #expect(try Self.outcome(&engine, .extend(milliseconds: 30_000), at: 18) == "Work lengthened by 30s: 1:12 left")
        #expect(try Self.outcome(&engine, .extend(milliseconds: -10_000), at: 18) == "Work shortened by 10s: 1:02 left")
        #expect(try Self.outcome(&engine, .pause, at: 20) == "paused: Work, 1:00 left")
        #expect(try Self.outcome(&engine, .togglePause, at: 25) == "resumed: Work, 1:00 left")
        #expect(try Self.outcome(&engine, .restart, at: 25) == "restarted Work, 1:00 left")
        #expect(try Self.outcome(&engine, .skip, at: 30) == "skipped Work: Rest, 0:10 left")
        #expect(try Self.outcome(&engine, .back, at: 31) == "back to Work, 1:00 left")
        #expect(try Self.outcome(&engine, .skip, at: 32) == "skipped Work: Rest, 0:10 left")
        #expect(
            try Self.outcome(&engine, .extend(milliseconds: -20_000), at: 33)
                == "Rest shortened by 20s, so it ended: Squats, say done when finished")
        #expect(try Self.outcome(&engine, F.done, at: 40) == "done with Squats: Last, 0:30 left")
        #expect(try Self.outcome(&engine, .status, at: 41) == nil, "status answers with its own line")
    }
}
