import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias E = EngineFixture

@Suite("open steps: timed, ended with done")
struct OpenStepTests {
    @Test func itCountsUpUntilDoneAndTakesTheTimeToTheMillisecond() throws {
        var engine = try E.engine(
            steps:
                #"{"work": "open", "name": "400 m fast", "target": 90, "distance": "400 m", "cues": [{"at": 60, "text": "One minute"}]}, {"rest": 10}"#
        )
        var events = engine.start(at: 0)
        #expect(engine.nextDeadline == E.at(60))
        #expect(engine.waitsForCommand)
        events += engine.advance(to: E.at(95))
        #expect(engine.nextDeadline == nil)
        events += try E.handle(&engine, E.done, at: .seconds(97.123))
        #expect(
            E.briefs(events) == [
                "session.start W file=test.json phases=2 planned=10 wall=WALL speed=1 t=0 due=0",
                "phase.start 1/2 400 m fast next=Rest t=0 due=0",
                "cue 1 One minute t=95 due=60",
                "cue 1 Target time t=95 due=90",
                "phase.end 1 completed active=97.123 t=97.123",
                "phase.start 2/2 Rest next=- t=97.123 due=97.123",
            ])
        #expect(
            events[1].jsonLine.contains(#""duration":null,"open":true,"target":90,"distance":"400 m","distance_m":400,"next":"Rest""#),
            "\(events[1].jsonLine)")
        #expect(events[1].jsonLine.contains(#""exercise":"400 m fast""#))
        #expect(events[4].jsonLine.hasSuffix(#""outcome":"completed","active":97.123}"#))
    }

    @Test func pausesAreNotCountedAndSkipEndsIt() throws {
        var engine = try E.engine(steps: #"{"work": "open"}, {"work": "open"}, {"rest": 5}"#)
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, .pause, at: E.at(10))
        _ = try E.handle(&engine, .resume, at: E.at(40))
        let done = try E.handle(&engine, E.done, at: E.at(45.5))
        #expect(E.briefs(done).first == "phase.end 1 completed active=15.5 t=45.5")
        #expect(engine.snapshot(at: E.at(50)).statusLine.hasPrefix("Work (work, phase 2/3), 0:05 so far, say done when finished"))
        let skipped = try E.handle(&engine, .skip, at: E.at(52))
        #expect(E.briefs(skipped).first == "phase.end 2 skipped active=6.5 t=52")
        #expect(engine.summary.worked == E.duration(22))
    }

    @Test func commandsThatNeedAnEndOrRepsAreRefused() throws {
        var engine = try E.engine(steps: #"{"work": "open", "target": 60}"#)
        _ = engine.start(at: 0)
        #expect(
            E.rejection(&engine, .extend(milliseconds: 30_000), at: E.at(1))
                == "this open step has no time limit to change: say done when you finish")
        #expect(E.rejection(&engine, .done(reps: 8, weight: nil), at: E.at(2)) == "an open step logs the time it took: say done alone")
        #expect(engine.snapshot(at: E.at(3)).statusLine.contains("0:03 so far of a 1:00 target"))
        var timed = E.engine(E.plan([E.work(10)]))
        _ = timed.start(at: 0)
        #expect(E.rejection(&timed, E.done, at: E.at(1)) == "done is for rep steps and open steps; this is a work phase (skip moves on)")
    }
}
