import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = WorkoutFixture
private typealias E = EngineFixture

@Suite("open steps: timed, ended with done")
struct OpenStepTests {
    @Test func anOpenStepHasNoDurationAndCarriesItsTargetAndDistance() throws {
        let plan = try F.plan(
            steps: #"""
                {"repeat": 2, "steps": [{"work": "open", "name": "400 m fast {round}/{rounds}", "target": "1:30", "distance": ["400 m", "800 m"]}, {"rest": 60}]}
                """#)
        let open = plan.phases[0]
        #expect(open.isOpen && open.duration == nil && open.limit == nil && open.endsWithDone)
        #expect(open.target == .seconds(90) && open.distance == "400 m" && plan.phases[2].distance == "800 m")
        #expect(open.exercise == "400 m fast")
        #expect(plan.planned == .seconds(120), "an open step counts 0 s, as a rep step does")
        #expect(try F.plan(steps: #"{"cooldown": " open ", "distance": "1 km"}"#).phases[0].isOpen)
    }

    @Test func itsProblemsAreReportedAtTheirPaths() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"work": "30s", "target": "1m"},
                        {"work": "open", "target": "fast"},
                        {"work": "open", "halfway": true, "cues": [{"at": "50%", "text": "A"}]},
                        {"work": "open", "distance": ""},
                        {"work": ["open"]},
                        {"repeat": 2, "steps": [{"work": [30, "open"]}]}
                        """#)) == [
                    F.at(
                        "steps[0].target",
                        #"only an open step has a target: write "work": "open" for a step that counts up until you say done"#),
                    F.at("steps[1].target", #""fast" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                    F.at(
                        "steps[2].cues[0].at",
                        #""50%" needs a step with an end, and this one lasts until you say done: say when after its start (or give a rep step a cap)"#
                    ),
                    F.at("steps[2].halfway", "an open step has no halfway point: it lasts until you say done"),
                    F.at("steps[3].distance", "must not be empty"),
                    F.at("steps[4].work", "one value per round works only inside a repeat: give a single value here"),
                    F.at("steps[5].steps[0].work[1]", #"a step is open in every round or in none: write "work": "open" alone"#),
                ])
    }

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
