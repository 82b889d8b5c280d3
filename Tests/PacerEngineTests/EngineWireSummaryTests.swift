import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = EngineFixture

/// What the stream tells plugins so that they need not work it out again: the phase's clock on
/// pause, resume and extend, and the engine's summary in `session.end`.
@Suite("Engine: what the stream tells plugins")
struct EngineWireSummaryTests {
    /// The JSON lines of `events` of type `name`.
    static func lines(_ name: String, in events: [Event]) -> [String] {
        events.filter { $0.name == name }.map(\.jsonLine)
    }

    @Test func pauseResumeAndExtendSayWhereThePhaseClockStands() throws {
        var engine = F.engine(F.plan(countdown: 0, [F.work("Plank", 30), F.reps("Push-ups", 8)]), speed: 2)
        var events = engine.start(at: 0)
        events += try F.handle(&engine, .pause, at: F.at(5))
        events += try F.handle(&engine, .resume, at: F.at(9))
        events += try F.handle(&engine, .extend(milliseconds: 30_000), at: F.at(10))
        events += try F.handle(&engine, .extend(milliseconds: -50_000), at: F.at(11))
        #expect(Self.lines("pause", in: events) == [#"{"event":"pause","t":5.000,"index":1,"elapsed":10,"remaining":20}"#])
        #expect(Self.lines("resume", in: events) == [#"{"event":"resume","t":9.000,"index":1,"elapsed":10,"remaining":20}"#])
        #expect(
            Self.lines("extend", in: events) == [
                #"{"event":"extend","t":10.000,"index":1,"by":30,"elapsed":12,"remaining":48}"#,
                // Shortened past the time spent: it stops there, and the phase is over.
                #"{"event":"extend","t":11.000,"index":1,"by":-46,"elapsed":14,"remaining":0}"#,
            ])

        // A rep step without a cap has no time left to tell.
        events = try F.handle(&engine, .pause, at: F.at(13))
        #expect(Self.lines("pause", in: events) == [#"{"event":"pause","t":13.000,"index":2,"elapsed":4,"remaining":null}"#])
        #expect(events.last?.clock == Event.PhaseClock(index: 1, elapsed: .seconds(4), remaining: nil))
    }

    @Test func sessionEndCarriesWhatTheEngineCounted() throws {
        let phases = [
            Phase(kind: .warmup, name: "Warm up", duration: F.duration(60)),
            F.work("Squats", 30), F.rest(15),
            F.reps("Push-ups", 8, weight: .text("20 kg")), F.reps("Rows", 10), F.reps("Dips", 12),
            Phase(kind: .cooldown, name: "Walk", duration: F.duration(40)),
        ]
        var engine = F.engine(F.plan(countdown: 0, phases))
        var events = engine.start(at: 0) + F.advance(&engine, to: F.at(110))
        events += try F.handle(&engine, F.done, at: F.at(150))
        events += try F.handle(&engine, .done(reps: 9, weight: .number(22.5)), at: F.at(200))
        events += try F.handle(&engine, .skip, at: F.at(210))
        events += try F.handle(&engine, .skip, at: F.at(220))
        #expect(engine.isFinished)
        let end = try #require(Self.lines("session.end", in: events).first)
        #expect(
            end == #"{"event":"session.end","t":220.000,"outcome":"completed","active":220,"paused":0,"wall":"2026-11-30T07:00:00+01:00","#
                + #""worked":135,"rested":15,"warmed_up":60,"cooled_down":10,"completed":5,"skipped":2,"skipped_time":30,"#
                + #""sets":[{"name":"Push-ups","reps":8,"weight":"20 kg"},{"name":"Rows","reps":9,"weight":22.5}]}"#)
    }
}
