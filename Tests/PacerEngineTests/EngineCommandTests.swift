import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = EngineFixture

@Suite("Engine: commands")
struct EngineCommandTests {
    // MARK: - Pause and resume

    @Test func pauseAndResumeMoveEveryDueByThePause() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(try F.handle(&engine, .pause, at: F.at(2))) == ["pause t=2"])
        #expect(engine.isPaused)
        #expect(engine.nextDeadline == nil)
        // Time passing while paused brings nothing.
        #expect(engine.advance(to: F.at(4.9)).isEmpty)

        #expect(F.briefs(try F.handle(&engine, .resume, at: F.at(5))) == ["resume t=5"])
        #expect(!engine.isPaused)
        #expect(engine.nextDeadline == F.at(10))
        #expect(
            F.briefs(F.runToEnd(&engine)) == [
                "countdown 1 3 t=10 due=10",
                "countdown 1 2 t=11 due=11",
                "countdown 1 1 t=12 due=12",
                "phase.end 1 completed active=10 t=13",
                "phase.start 2/2 Rest next=- t=13 due=13",
                "countdown 2 3 t=15 due=15",
                "countdown 2 2 t=16 due=16",
                "countdown 2 1 t=17 due=17",
                "phase.end 2 completed active=5 t=18",
                "session.end completed active=15 paused=3 wall=WALL t=18",
            ])
    }

    @Test func pauseTwiceAndResumeWhileRunningAreRejected() throws {
        var engine = F.engine(F.plan([F.work(10)]))
        _ = engine.start(at: 0)
        #expect(F.rejection(&engine, .resume, at: F.at(1)) == "not paused")
        _ = try F.handle(&engine, .pause, at: F.at(2))
        #expect(F.rejection(&engine, .pause, at: F.at(3)) == "already paused: resume (or an empty line) goes on")
        #expect(engine.isPaused)
    }

    @Test func anEmptyLineTogglesPause() throws {
        var engine = F.engine(F.plan([F.work(10)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(try F.handle(&engine, .togglePause, at: F.at(1))) == ["pause t=1"])
        #expect(F.briefs(try F.handle(&engine, .togglePause, at: F.at(4))) == ["resume t=4"])
        #expect(engine.nextDeadline == F.at(10))
    }

    @Test func pauseDuringTheCountdownHoldsTheRestOfIt() throws {
        var engine = F.engine(F.plan([F.work("A", 10)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(engine.advance(to: F.at(7))) == ["countdown 1 3 t=7 due=7"])
        _ = try F.handle(&engine, .pause, at: F.at(7.5))
        #expect(engine.advance(to: F.at(9)).isEmpty)
        _ = try F.handle(&engine, .resume, at: F.at(9.5))
        #expect(engine.nextDeadline == F.at(10))
        #expect(
            F.briefs(F.runToEnd(&engine)) == [
                "countdown 1 2 t=10 due=10",
                "countdown 1 1 t=11 due=11",
                "phase.end 1 completed active=10 t=12",
                "session.end completed active=10 paused=2 wall=WALL t=12",
            ])
    }

    @Test func aCommandComesAfterEverythingDueBeforeIt() throws {
        var engine = F.engine(F.plan([F.work("A", 10)]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(try F.handle(&engine, .pause, at: F.at(8.2))) == [
                "countdown 1 3 t=8.2 due=7",
                "countdown 1 2 t=8.2 due=8",
                "pause t=8.2",
            ])
    }

    // MARK: - Skip, back, restart

    @Test func skipEndsThePhaseAndStartsTheNextNow() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(try F.handle(&engine, .skip, at: F.at(4))) == [
                "phase.end 1 skipped active=4 t=4",
                "phase.start 2/3 B next=Rest t=4 due=4",
            ])
        #expect(engine.nextDeadline == F.at(11))
    }

    @Test func skippingTheLastPhaseCompletesTheSession() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .skip, at: F.at(4))
        #expect(
            F.briefs(try F.handle(&engine, .skip, at: F.at(7))) == [
                "phase.end 2 skipped active=3 t=7",
                "session.end completed active=7 paused=0 wall=WALL t=7",
            ])
        #expect(engine.state == .finished(.completed))
        #expect(engine.nextDeadline == nil)
    }

    @Test func skipWhilePausedStartsTheNextPhasePausedAndCountsTheWholePause() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .pause, at: F.at(2))
        #expect(
            F.briefs(try F.handle(&engine, .skip, at: F.at(4))) == [
                "phase.end 1 skipped active=2 t=4",
                "phase.start 2/2 B next=- t=4 due=4",
            ])
        #expect(engine.isPaused)
        #expect(engine.nextDeadline == nil)
        _ = try F.handle(&engine, .resume, at: F.at(6))
        #expect(engine.nextDeadline == F.at(13))
        // Paused from 2 s to 6 s across the skip: 4 s paused, 2 + 10 s active.
        #expect(F.briefs(F.runToEnd(&engine)).last == "session.end completed active=12 paused=4 wall=WALL t=16")
    }

    @Test func backRestartsThePreviousPhase() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        _ = engine.advance(to: F.at(10))
        #expect(
            F.briefs(try F.handle(&engine, .back, at: F.at(12))) == [
                "phase.end 2 skipped active=2 t=12",
                "back 1 t=12",
                "phase.start 1/2 A next=B t=12 due=12",
            ])
        #expect(engine.nextDeadline == F.at(19))
        #expect(engine.snapshot(at: F.at(12)).index == 0)
    }

    @Test func backOnTheFirstPhaseRestartsIt() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(try F.handle(&engine, .back, at: F.at(3))) == [
                "phase.end 1 skipped active=3 t=3",
                "back 1 t=3",
                "phase.start 1/2 A next=B t=3 due=3",
            ])
        #expect(engine.nextDeadline == F.at(10))
    }

    @Test func restartStartsTheCurrentPhaseAgainWithItsPlannedLength() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        _ = engine.advance(to: F.at(10))
        _ = try F.handle(&engine, .extend(milliseconds: 30_000), at: F.at(11))
        #expect(
            F.briefs(try F.handle(&engine, .restart, at: F.at(13))) == [
                "phase.end 2 skipped active=3 t=13",
                "restart 2 t=13",
                "phase.start 2/2 B next=- t=13 due=13",
            ])
        // The extension is gone: 10 s again from 13 s.
        #expect(engine.nextDeadline == F.at(20))
        #expect(
            F.briefs(F.runToEnd(&engine)).suffix(2) == [
                "phase.end 2 completed active=10 t=23",
                "session.end completed active=23 paused=0 wall=WALL t=23",
            ])
    }

    // MARK: - Extend

    @Test func extendLengthensThePhase() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(try F.handle(&engine, .extend(milliseconds: 5000), at: F.at(2))) == ["extend 1 by=5 t=2"])
        #expect(engine.nextDeadline == F.at(12))
        #expect(
            F.briefs(Array(F.runToEnd(&engine).prefix(5))) == [
                "countdown 1 3 t=12 due=12",
                "countdown 1 2 t=13 due=13",
                "countdown 1 1 t=14 due=14",
                "phase.end 1 completed active=15 t=15",
                "phase.start 2/2 Rest next=- t=15 due=15",
            ])
    }

    @Test func extendShortensThePhaseAndDropsWhatIsNowPast() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(try F.handle(&engine, .extend(milliseconds: -5000), at: F.at(2.5))) == ["extend 1 by=-5 t=2.5"])
        // Now 5 s long: the "3" (due at 2 s) is past, "2" and "1" follow.
        #expect(engine.nextDeadline == F.at(3))
        #expect(
            F.briefs(Array(F.runToEnd(&engine).prefix(4))) == [
                "countdown 1 2 t=3 due=3",
                "countdown 1 1 t=4 due=4",
                "phase.end 1 completed active=5 t=5",
                "phase.start 2/2 Rest next=- t=5 due=5",
            ])
    }

    @Test func aCountdownSecondThatFallsExactlyNowAfterShorteningIsKept() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .extend(milliseconds: -5000), at: F.at(2))
        // Now 5 s long with 3 s left: the "3" is due this very instant.
        #expect(engine.nextDeadline == F.at(2))
        #expect(
            F.briefs(Array(F.runToEnd(&engine).prefix(3))) == [
                "countdown 1 3 t=2 due=2",
                "countdown 1 2 t=3 due=3",
                "countdown 1 1 t=4 due=4",
            ])
    }

    @Test func shorteningBelowZeroEndsThePhaseAndReportsWhatWasRemoved() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(try F.handle(&engine, .extend(milliseconds: -20_000), at: F.at(4))) == [
                "extend 1 by=-6 t=4",
                "phase.end 1 completed active=4 t=4",
                "phase.start 2/2 Rest next=- t=4 due=4",
            ])
        #expect(engine.nextDeadline == F.at(6))
    }

    @Test func shorteningBeforeTheHalfwayPointDropsTheHalfwayCall() throws {
        var engine = F.engine(F.plan(halfway: true, [F.work("A", 10)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(try F.handle(&engine, .extend(milliseconds: -6000), at: F.at(1.5))) == ["extend 1 by=-6 t=1.5"])
        // The phase now ends at 4 s, before its old halfway point (5 s): the end must not wait for it.
        #expect(
            F.briefs(F.runToEnd(&engine)) == [
                "countdown 1 2 t=2 due=2",
                "countdown 1 1 t=3 due=3",
                "phase.end 1 completed active=4 t=4",
                "session.end completed active=4 paused=0 wall=WALL t=4",
            ])
    }

    @Test func lengtheningKeepsTheHalfwayCallOfThePlannedLength() throws {
        var engine = F.engine(F.plan(countdown: 0, halfway: true, [F.work("A", 10)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .extend(milliseconds: 10_000), at: F.at(1))
        #expect(
            F.briefs(F.runToEnd(&engine)) == [
                "cue 1 Halfway t=5 due=5",
                "phase.end 1 completed active=20 t=20",
                "session.end completed active=20 paused=0 wall=WALL t=20",
            ])
    }

    @Test func extendIsCappedAtTheLongestStep() throws {
        var engine = F.engine(F.plan([F.work("A", 10)]))
        _ = engine.start(at: 0)
        #expect(F.briefs(try F.handle(&engine, .extend(milliseconds: 100 * 3_600_000), at: F.at(1))) == ["extend 1 by=86390 t=1"])
        #expect(engine.snapshot(at: F.at(1)).limit == WorkoutDuration.maximumStep)
    }

    @Test func extendWhilePausedTakesEffectFromTheResume() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .pause, at: F.at(2))
        #expect(F.briefs(try F.handle(&engine, .extend(milliseconds: 5000), at: F.at(4))) == ["extend 1 by=5 t=4"])
        #expect(engine.isPaused)
        #expect(engine.nextDeadline == nil)
        #expect(engine.snapshot(at: F.at(5)).remaining == .seconds(13))
        _ = try F.handle(&engine, .resume, at: F.at(6))
        #expect(engine.nextDeadline == F.at(16))
        let rest = F.briefs(F.runToEnd(&engine))
        #expect(
            rest.prefix(4) == [
                "countdown 1 3 t=16 due=16",
                "countdown 1 2 t=17 due=17",
                "countdown 1 1 t=18 due=18",
                "phase.end 1 completed active=15 t=19",
            ])
        #expect(rest.last == "session.end completed active=20 paused=4 wall=WALL t=24")
    }

    @Test func shorteningPastTheEndWhilePausedMovesOnStillPaused() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .pause, at: F.at(2))
        #expect(
            F.briefs(try F.handle(&engine, .extend(milliseconds: -9000), at: F.at(4))) == [
                "extend 1 by=-8 t=4",
                "phase.end 1 completed active=2 t=4",
                "phase.start 2/2 Rest next=- t=4 due=4",
            ])
        #expect(engine.isPaused)
        _ = try F.handle(&engine, .resume, at: F.at(6))
        #expect(F.briefs(F.runToEnd(&engine)).last == "session.end completed active=7 paused=4 wall=WALL t=11")
    }

    @Test func extendIsRejectedOnAnUncappedRepStepButChangesACap() throws {
        var engine = F.engine(F.plan([F.reps("Push-ups", 10), F.reps("Pull-ups", 5, cap: 20)]))
        _ = engine.start(at: 0)
        #expect(
            F.rejection(&engine, .extend(milliseconds: 10_000), at: F.at(1))
                == "this rep step has no time limit to change: say done when you finish")
        _ = try F.handle(&engine, .done(reps: nil, weight: nil), at: F.at(2))
        #expect(engine.nextDeadline == F.at(22))
        #expect(F.briefs(try F.handle(&engine, .extend(milliseconds: 10_000), at: F.at(5))) == ["extend 2 by=10 t=5"])
        #expect(engine.nextDeadline == F.at(32))
    }

    // MARK: - Done

    @Test func doneFinishesARepStepWithWhatWasPlannedOrLogged() throws {
        var engine = F.engine(
            F.plan([
                F.reps("Push-ups", 10, weight: .text("20 kg")),
                F.reps("Rows", 12, weight: .number(40)),
                F.reps("Dips", 8),
                F.work("Plank", 5),
            ]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(try F.handle(&engine, .done(reps: nil, weight: nil), at: F.at(30))) == [
                "phase.end 1 completed active=30 reps=10 weight=20 kg t=30",
                "phase.start 2/4 Rows next=Dips t=30 due=30",
            ])
        #expect(
            F.briefs(try F.handle(&engine, .done(reps: 8, weight: .number(22.5)), at: F.at(45))) == [
                "phase.end 2 completed active=15 reps=8 weight=22.5 t=45",
                "phase.start 3/4 Dips next=Plank t=45 due=45",
            ])
        #expect(
            F.briefs(try F.handle(&engine, .done(reps: 6, weight: nil), at: F.at(50))) == [
                "phase.end 3 completed active=5 reps=6 t=50",
                "phase.start 4/4 Plank next=- t=50 due=50",
            ])
    }

    @Test func doneKeepsThePlannedWeightWhenOnlyRepsAreGiven() throws {
        var engine = F.engine(F.plan([F.reps("Squats", 5, weight: .number(60))]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(try F.handle(&engine, .done(reps: 4, weight: nil), at: F.at(20))) == [
                "phase.end 1 completed active=20 reps=4 weight=60 t=20",
                "session.end completed active=20 paused=0 wall=WALL t=20",
            ])
    }

    @Test func doneWhilePausedCountsOnlyActiveTime() throws {
        var engine = F.engine(F.plan([F.reps("Squats", 5), F.work(10)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .pause, at: F.at(10))
        #expect(
            F.briefs(try F.handle(&engine, .done(reps: nil, weight: nil), at: F.at(20))) == [
                "phase.end 1 completed active=10 reps=5 t=20",
                "phase.start 2/2 Work next=- t=20 due=20",
            ])
    }

    @Test func doneIsRejectedOnATimedPhase() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.rest(5)]))
        _ = engine.start(at: 0)
        #expect(
            F.rejection(&engine, .done(reps: 5, weight: nil), at: F.at(3))
                == "done is for rep steps and open steps; this is a work phase (skip moves on)")
        // Nothing changed.
        #expect(engine.snapshot(at: F.at(3)).index == 0)
        #expect(engine.nextDeadline == F.at(7))
    }

    // MARK: - The end

    @Test func commandsAfterTheEndAreRejected() throws {
        var engine = F.engine(F.plan([F.work(1)]))
        #expect(F.rejection(&engine, .pause, at: 0) == "the session has not started")
        _ = engine.start(at: 0)
        _ = F.runToEnd(&engine)
        #expect(engine.isFinished)
        let commands: [Command] = [
            .pause, .resume, .togglePause, .skip, .back, .restart, .extend(milliseconds: 1000), .done(reps: nil, weight: nil), .status,
        ]
        for command in commands {
            #expect(F.rejection(&engine, command, at: F.at(5)) == "the session has ended", "\(command)")
        }
        #expect(engine.advance(to: F.at(10)).isEmpty)
        #expect(engine.finish(.quit, at: F.at(10)).isEmpty)
        #expect(engine.state == .finished(.completed))
    }

    @Test func quitClosesTheCurrentPhaseAsSkipped() throws {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        _ = try F.handle(&engine, .pause, at: F.at(3))
        #expect(
            F.briefs(engine.finish(.quit, at: F.at(5))) == [
                "phase.end 1 skipped active=3 t=5",
                "session.end quit active=3 paused=2 wall=WALL t=5",
            ])
        #expect(engine.state == .finished(.quit))
        #expect(!engine.isPaused)
        #expect(engine.nextDeadline == nil)
    }

    @Test func abortFirstCatchesUpThenClosesThePhase() {
        var engine = F.engine(F.plan(countdown: 0, [F.work("A", 10), F.work("B", 10)]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(engine.finish(.aborted, at: F.at(12))) == [
                "phase.end 1 completed active=10 t=12",
                "phase.start 2/2 B next=- t=12 due=10",
                "phase.end 2 skipped active=2 t=12",
                "session.end aborted active=12 paused=0 wall=WALL t=12",
            ])
        #expect(engine.state == .finished(.aborted))
    }

    @Test func statusAndHelpChangeNothing() throws {
        var engine = F.engine(F.plan([F.work("A", 10)]))
        _ = engine.start(at: 0)
        #expect(try F.handle(&engine, .status, at: F.at(1)).isEmpty)
        #expect(try F.handle(&engine, .help, at: F.at(1)).isEmpty)
        #expect(engine.nextDeadline == F.at(7))
    }

    // MARK: - Snapshot

    @Test func statusLineOfATimedPhaseInARound() throws {
        var engine = F.engine(F.plan([F.work("Squats", 30, round: 2, rounds: 3), F.rest(5)]))
        _ = engine.start(at: 0)
        let running = engine.snapshot(at: F.at(10))
        #expect(running.statusLine == "Squats (work, phase 1/2), round 2/3, 0:20 left in phase, 0:25 left in session")
        #expect(running.elapsed == .seconds(10))
        #expect(running.next?.name == "Rest")

        _ = try F.handle(&engine, .pause, at: F.at(10))
        _ = try F.handle(&engine, .extend(milliseconds: 15_000), at: F.at(12))
        let paused = engine.snapshot(at: F.at(15))
        #expect(paused.statusLine == "Squats (work, phase 1/2), round 2/3, 0:35 left in phase, 0:40 left in session, PAUSED")
        #expect(paused.paused)
        #expect(paused.sessionActive == .seconds(10))
    }

    @Test func statusLineOfARepStep() {
        var engine = F.engine(F.plan([F.reps("Push-ups", 10), F.work("Plank", 45)]))
        _ = engine.start(at: 0)
        let snapshot = engine.snapshot(at: F.at(12))
        #expect(snapshot.statusLine == "Push-ups (reps, phase 1/2), 0:12 so far, say done when finished, 0:45 left in session")
        #expect(snapshot.remaining == nil)
        #expect(snapshot.limit == nil)
    }
}
