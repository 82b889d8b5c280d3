import PacerEngine
import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias E = EngineFixture

@Suite("EMOM: rounds on a fixed beat")
struct EMOMTests {
    @Test func roundsStartOnTheBeatWhetherDoneComesEarlyLateOrNever() throws {
        var engine = try E.engine(
            steps: #"{"prepare": 5}, {"every": 60, "rounds": 3, "steps": [{"reps": 10, "name": "Burpees"}]}, {"cooldown": 10}"#)
        var events = engine.start(at: 0)
        events += E.advance(&engine, to: E.at(25))
        events += try E.handle(&engine, E.done, at: E.at(25))
        // Round 2: done never comes; round 3: done comes, and the rest is what is left.
        events += E.advance(&engine, to: E.at(170))
        events += try E.handle(&engine, .done(reps: 9, weight: nil), at: E.at(170))
        events += E.runToEnd(&engine)
        #expect(
            E.briefs(events) == [
                "session.start W file=test.json phases=8 planned=195 wall=WALL speed=1 t=0 due=0",
                "phase.start 1/8 Prepare next=Burpees t=0 due=0",
                "phase.end 1 completed active=5 t=5",
                "phase.start 2/8 Burpees next=Rest t=5 due=5",
                "phase.end 2 completed active=20 reps=10 t=25",
                "phase.start 3/8 Rest next=Burpees t=25 due=25",
                "phase.end 3 completed active=40 t=65",
                "phase.start 4/8 Burpees next=Rest t=65 due=65",
                "phase.end 4 timeout active=60 t=125",
                "phase.start 6/8 Burpees next=Rest t=125 due=125",
                "phase.end 6 completed active=45 reps=9 t=170",
                "phase.start 7/8 Rest next=Cooldown t=170 due=170",
                "phase.end 7 completed active=15 t=185",
                "phase.start 8/8 Cooldown next=- t=185 due=185",
                "phase.end 8 completed active=10 t=195",
                "session.end completed active=195 paused=0 wall=WALL t=195",
            ])
        #expect(events[8].jsonLine.contains(#""outcome":"timeout""#))
        #expect(
            events[11].jsonLine.contains(#""kind":"rest","name":"Rest","duration":15,"round":3,"rounds":3"#),
            "the rest says what is left of the window: \(events[11].jsonLine)")
    }

    @Test func aTimedStepStillRunningWhenTheWindowEndsTimesOut() throws {
        var engine = try E.engine(
            steps: #"{"every": 30, "rounds": 2, "steps": [{"reps": 5, "name": "Pull-ups"}, {"work": 20, "name": "Hold"}]}"#)
        var events = engine.start(at: 0)
        events += try E.handle(&engine, E.done, at: E.at(12.5))
        events += E.runToEnd(&engine)
        #expect(
            E.briefs(events.filter { $0.name == "phase.end" || $0.name == "phase.start" }) == [
                "phase.start 1/6 Pull-ups next=Hold t=0 due=0",
                "phase.end 1 completed active=12.5 reps=5 t=12.5",
                "phase.start 2/6 Hold next=Rest t=12.5 due=12.5",
                "phase.end 2 timeout active=17.5 t=30",
                "phase.start 4/6 Pull-ups next=Hold t=30 due=30",
                "phase.end 4 timeout active=30 t=60",
            ])
        #expect(engine.isFinished && events.last?.t == E.at(60))
    }

    @Test func aPauseMovesTheWindowsAndIsNotTrainingTime() throws {
        var engine = try E.engine(steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}]}"#)
        var events = engine.start(at: 0)
        events += try E.handle(&engine, .pause, at: E.at(10))
        events += try E.handle(&engine, .resume, at: E.at(40))
        events += try E.handle(&engine, E.done, at: E.at(50))
        #expect(engine.nextDeadline == E.at(90))
        events += E.runToEnd(&engine)
        #expect(
            E.briefs(events.filter { $0.name == "phase.end" || $0.name == "session.end" }) == [
                "phase.end 1 completed active=20 reps=10 t=50",
                "phase.end 2 completed active=40 t=90",
                "phase.end 3 timeout active=60 t=150",
                "session.end completed active=120 paused=30 wall=WALL t=150",
            ])
    }

    @Test func theRestCountsDownIntoTheNextMinute() throws {
        var engine = try E.engine(steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}]}"#, countdown: 3)
        _ = engine.start(at: 0)
        let events = try E.handle(&engine, E.done, at: E.at(20.25)) + E.advance(&engine, to: E.at(60))
        #expect(
            E.briefs(events.filter { $0.name == "countdown" }) == [
                "countdown 2 3 t=57 due=57", "countdown 2 2 t=58 due=58", "countdown 2 1 t=59 due=59",
            ])
        #expect(!engine.waitsForCommand, "a rep step in a window ends with it")
    }

    // Issue 33, item 7: the rest lasts until the beat, so +30 there cannot be carried out as asked.
    @Test func theRestCannotBeLengthenedOrShortenedForTheBeatEndsIt() throws {
        var engine = try E.engine(steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}]}"#)
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, E.done, at: E.at(25))
        for change: Int64 in [30_000, -10_000] {
            #expect(
                E.rejection(&engine, .extend(milliseconds: change), at: E.at(30))
                    == "this rest lasts until the next round starts on its beat: pause to rest longer, or skip to start the round now")
        }
        #expect(engine.nextDeadline == E.at(60), "round 2 still starts on the minute")
        #expect(
            E.briefs(E.advance(&engine, to: E.at(60))) == [
                "phase.end 2 completed active=35 t=60",
                "phase.start 3/4 Swings next=Rest t=60 due=60",
            ])
    }

    // Issue 33, item 7: a step of a round is lengthened only up to its window's end, and the answer says so.
    @Test func aStepIsLengthenedOnlyUntilItsWindowEnds() throws {
        var engine = try E.engine(
            steps: #"{"every": 30, "rounds": 1, "steps": [{"reps": 5, "name": "Pull-ups"}, {"work": 10, "name": "Hold"}]}"#)
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, E.done, at: E.at(12.5))
        #expect(
            engine.answer(to: .extend(milliseconds: 30_000), at: E.at(15)) == "lengthened by 7.5s, not 30s: the round's window ends then")
        #expect(engine.answer(to: .extend(milliseconds: 5_000), at: E.at(15)) == nil, "a lengthening that fits is carried out as asked")
        var events = try E.handle(&engine, .extend(milliseconds: 30_000), at: E.at(15))
        #expect(E.briefs(events) == ["extend 2 by=7.5 t=15"])
        #expect(events[0].jsonLine.hasSuffix(#""by":7.5,"elapsed":2.5,"remaining":15}"#), "\(events[0].jsonLine)")
        #expect(
            E.rejection(&engine, .extend(milliseconds: 5_000), at: E.at(20))
                == "the round's window ends in 10s, and this phase already lasts until then: it cannot be lengthened (pause stops the clock)"
        )
        events = E.runToEnd(&engine)
        #expect(E.briefs(events) == ["phase.end 2 completed active=17.5 t=30", "session.end completed active=30 paused=0 wall=WALL t=30"])
    }

    // Issue 33, item 8: back into a round whose rest was skipped reopens only what its window had left.
    @Test func backIntoASkippedRestGivesOnlyWhatItsWindowHasLeft() throws {
        var engine = try E.engine(steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}]}"#)
        var events = engine.start(at: 0)
        events += try E.handle(&engine, E.done, at: E.at(53))
        events += try E.handle(&engine, .skip, at: E.at(53))
        events += try E.handle(&engine, .back, at: E.at(55))
        events += E.runToEnd(&engine)
        #expect(
            E.briefs(events.filter { $0.name != "session.start" }) == [
                "phase.start 1/4 Swings next=Rest t=0 due=0",
                "phase.end 1 completed active=53 reps=10 t=53",
                "phase.start 2/4 Rest next=Swings t=53 due=53",
                "phase.end 2 skipped active=0 t=53",
                "phase.start 3/4 Swings next=Rest t=53 due=53",
                "phase.end 3 skipped active=2 t=55",
                "back 2 t=55",
                "phase.start 2/4 Rest next=Swings t=55 due=55",
                "phase.end 2 completed active=5 t=60",
                "phase.start 3/4 Swings next=Rest t=60 due=60",
                "phase.end 3 timeout active=60 t=120",
                "session.end completed active=120 paused=0 wall=WALL t=120",
            ])
        #expect(
            events[8].jsonLine.contains(#""kind":"rest","name":"Rest","duration":5,"#),
            "the rest has what the window had left: \(events[8].jsonLine)")
    }

    // Issue 33, item 8: once a round's window has ended, back cannot reopen the round.
    @Test func backIntoARoundWhoseWindowHasEndedIsRefused() throws {
        var engine = try E.engine(steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}]}"#)
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, E.done, at: E.at(53))
        _ = E.advance(&engine, to: E.at(61))
        #expect(
            E.rejection(&engine, .back, at: E.at(61))
                == "the window of round 1 has ended, so back cannot reopen it (its rounds start on the beat)")
        // Paused with the window still open, the time left is what it was at the pause.
        var paused = try E.engine(steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}]}"#)
        _ = paused.start(at: 0)
        _ = try E.handle(&paused, E.done, at: E.at(50))
        _ = try E.handle(&paused, .skip, at: E.at(50))
        _ = try E.handle(&paused, .pause, at: E.at(52))
        let back = try E.handle(&paused, .back, at: E.at(100))
        #expect(back.last?.jsonLine.contains(#""duration":8,"#) == true, "\(back.last?.jsonLine ?? "")")
        _ = try E.handle(&paused, .resume, at: E.at(110))
        #expect(paused.nextDeadline == E.at(118))
    }

    // Issue 33, items 8 and 22: back and restart inside a round keep its window, so the beat holds.
    @Test func backAndRestartInsideARoundKeepItsWindow() throws {
        var engine = try E.engine(
            steps: #"{"every": 60, "rounds": 2, "steps": [{"reps": 10, "name": "Swings"}, {"work": 10, "name": "Hold"}]}"#)
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, .restart, at: E.at(20))
        #expect(engine.nextDeadline == E.at(60), "restarting the round's first step does not start its window again")
        _ = try E.handle(&engine, E.done, at: E.at(30))
        _ = try E.handle(&engine, .back, at: E.at(35))
        #expect(engine.nextDeadline == E.at(60))
        _ = try E.handle(&engine, E.done, at: E.at(40))
        _ = E.advance(&engine, to: E.at(50))
        #expect(
            E.rejection(&engine, .restart, at: E.at(55))
                == "this rest lasts until the next round starts on its beat, so restart would not lengthen it: pause to rest longer")
        let events = E.runToEnd(&engine)
        #expect(E.briefs(events.filter { $0.name == "phase.start" }) == ["phase.start 4/6 Swings next=Hold t=60 due=60"])
        #expect(engine.summary.skippedPhases == 2 && engine.summary.skippedTime == .seconds(5), "the refused restart skipped nothing")
        #expect(engine.isFinished && events.last?.t == E.at(120))
    }
}
