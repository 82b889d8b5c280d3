import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = EngineFixture

@Suite("Engine: a session running by itself")
struct EngineRunTests {
    @Test func wholeRunEmitsEveryEventAtItsDueTime() {
        let plan = F.plan([F.work("Squats", 10), F.rest(5), F.work("Lunges", 10)])
        var engine = F.engine(plan)
        #expect(engine.state == .ready)
        #expect(engine.nextDeadline == nil)

        var events = engine.start(at: 0)
        #expect(engine.state == .running)
        events += F.runToEnd(&engine)

        #expect(
            F.briefs(events) == [
                "session.start Test file=test.json phases=3 planned=25 wall=WALL speed=1 t=0 due=0",
                "phase.start 1/3 Squats next=Rest t=0 due=0",
                "countdown 1 3 t=7 due=7",
                "countdown 1 2 t=8 due=8",
                "countdown 1 1 t=9 due=9",
                "phase.end 1 completed active=10 t=10",
                "phase.start 2/3 Rest next=Lunges t=10 due=10",
                "countdown 2 3 t=12 due=12",
                "countdown 2 2 t=13 due=13",
                "countdown 2 1 t=14 due=14",
                "phase.end 2 completed active=5 t=15",
                "phase.start 3/3 Lunges next=- t=15 due=15",
                "countdown 3 3 t=22 due=22",
                "countdown 3 2 t=23 due=23",
                "countdown 3 1 t=24 due=24",
                "phase.end 3 completed active=10 t=25",
                "session.end completed active=25 paused=0 wall=WALL t=25",
            ])
        #expect(engine.state == .finished(.completed))
        #expect(engine.isFinished)
        #expect(engine.nextDeadline == nil)
    }

    @Test func startingTwiceDoesNothing() {
        var engine = F.engine(F.plan([F.work(10)]))
        _ = engine.start(at: 0)
        #expect(engine.start(at: F.at(1)).isEmpty)
    }

    @Test func nextDeadlineFollowsEachStep() {
        var engine = F.engine(F.plan([F.work("A", 5), F.rest(2)]))
        _ = engine.start(at: 0)
        var deadlines: [Instant] = []
        while let deadline = engine.nextDeadline {
            deadlines.append(deadline)
            _ = engine.advance(to: deadline)
        }
        // Countdown 3, 2, 1 and the end of a 5 s phase; the 2 s rest only fits a countdown 1.
        #expect(deadlines == [2, 3, 4, 5, 6, 7].map { F.at($0) })
        #expect(engine.isFinished)
        #expect(engine.nextDeadline == nil)
    }

    @Test func advancingBeforeADeadlineEmitsNothing() {
        var engine = F.engine(F.plan([F.work(10)]))
        _ = engine.start(at: 0)
        #expect(engine.advance(to: F.at(6.999)).isEmpty)
        #expect(engine.nextDeadline == F.at(7))
        #expect(F.briefs(engine.advance(to: F.at(7))) == ["countdown 1 3 t=7 due=7"])
    }

    @Test func countdownCountsTheLastSecondsAtTheirDueTimes() {
        var engine = F.engine(F.plan(countdown: 5, [F.work(10)]))
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        let countdowns = events.filter { $0.name == "countdown" }
        #expect(
            F.briefs(countdowns) == [
                "countdown 1 5 t=5 due=5",
                "countdown 1 4 t=6 due=6",
                "countdown 1 3 t=7 due=7",
                "countdown 1 2 t=8 due=8",
                "countdown 1 1 t=9 due=9",
            ])
    }

    @Test func countdownOnlyCountsSecondsThePhaseHas() {
        // A 2 s phase has room for "1" only (the "2" would fall on its first instant); 2.5 s fits "2" and "1".
        var engine = F.engine(F.plan([F.work("A", 2), F.work("B", 2.5)]))
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        #expect(
            F.briefs(events.filter { $0.name == "countdown" }) == [
                "countdown 1 1 t=1 due=1",
                "countdown 2 2 t=2.5 due=2.5",
                "countdown 2 1 t=3.5 due=3.5",
            ])
    }

    @Test func noCountdownWhenItIsZero() {
        var engine = F.engine(F.plan(countdown: 0, [F.work(10)]))
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        #expect(events.map(\.name) == ["session.start", "phase.start", "phase.end", "session.end"])
    }

    @Test func halfwayIsCalledForWorkPhasesOfTenSecondsOrMore() {
        let plan = F.plan(
            countdown: 0, halfway: true,
            [
                F.work("Ten", 10), F.work("Short", 9.999), F.rest(20), F.work("Long", 21),
            ])
        var engine = F.engine(plan)
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        // Phases start at 0, 10, 19.999 and 39.999.
        #expect(
            F.briefs(events.filter { $0.name == "cue" }) == [
                "cue 1 Halfway t=5 due=5",
                "cue 4 Halfway t=50.499 due=50.499",
            ])
    }

    @Test func noHalfwayWhenThePlanDoesNotAskForIt() {
        var engine = F.engine(F.plan(countdown: 0, halfway: false, [F.work(30)]))
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        #expect(!events.contains { $0.name == "cue" })
    }

    @Test func timedCuesComeInOrderAndOnlyWithinThePhase() {
        let cues = [
            Cue(at: F.duration(4.5), text: "Breathe"),
            Cue(at: F.duration(2), text: "Switch sides"),
            Cue(at: F.duration(12), text: "Too late"),
        ]
        var engine = F.engine(F.plan([F.work("Plank", 10, cues: cues), F.rest(5)]))
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        #expect(
            F.briefs(Array(events.prefix(8))) == [
                "session.start Test file=test.json phases=2 planned=15 wall=WALL speed=1 t=0 due=0",
                "phase.start 1/2 Plank next=Rest t=0 due=0",
                "cue 1 Switch sides t=2 due=2",
                "cue 1 Breathe t=4.5 due=4.5",
                "countdown 1 3 t=7 due=7",
                "countdown 1 2 t=8 due=8",
                "countdown 1 1 t=9 due=9",
                "phase.end 1 completed active=10 t=10",
            ])
        #expect(!events.contains { F.brief($0).contains("Too late") })
    }

    @Test func nextDeadlineIsNilInAnUncappedRepStep() {
        var engine = F.engine(F.plan([F.reps("Push-ups", 10), F.work(5)]))
        _ = engine.start(at: 0)
        #expect(engine.nextDeadline == nil)
        #expect(engine.advance(to: F.at(3600)).isEmpty)
        #expect(!engine.isFinished)
    }

    @Test func cuesOfAnUncappedRepStepAreStillDue() {
        var engine = F.engine(F.plan([F.reps("Push-ups", 10, cues: [Cue(at: .seconds(20), text: "Keep going")])]))
        _ = engine.start(at: 0)
        #expect(engine.nextDeadline == F.at(20))
        #expect(F.briefs(engine.advance(to: F.at(20))) == ["cue 1 Keep going t=20 due=20"])
        #expect(engine.nextDeadline == nil)
    }

    @Test func cappedRepStepEndsByItself() {
        var engine = F.engine(F.plan([F.reps("Pull-ups", 8, weight: .text("bodyweight"), cap: 20), F.work("Next", 5)]))
        _ = engine.start(at: 0)
        // No countdown for a rep step: only the cap is due.
        #expect(engine.nextDeadline == F.at(20))
        #expect(
            F.briefs(engine.advance(to: F.at(20))) == [
                "phase.end 1 completed active=20 t=20",
                "phase.start 2/2 Next next=- t=20 due=20",
            ])
    }

    @Test func longStallEmitsEveryOverdueEventInOrderWithItsOriginalDue() {
        var engine = F.engine(F.plan([F.work("A", 5), F.work("B", 5), F.work("C", 5)]))
        _ = engine.start(at: 0)
        let events = engine.advance(to: F.at(100))
        #expect(
            F.briefs(events) == [
                "countdown 1 3 t=100 due=2",
                "countdown 1 2 t=100 due=3",
                "countdown 1 1 t=100 due=4",
                "phase.end 1 completed active=5 t=100",
                "phase.start 2/3 B next=C t=100 due=5",
                "countdown 2 3 t=100 due=7",
                "countdown 2 2 t=100 due=8",
                "countdown 2 1 t=100 due=9",
                "phase.end 2 completed active=5 t=100",
                "phase.start 3/3 C next=- t=100 due=10",
                "countdown 3 3 t=100 due=12",
                "countdown 3 2 t=100 due=13",
                "countdown 3 1 t=100 due=14",
                "phase.end 3 completed active=5 t=100",
                // The session was over at 15 s: that is what it counts as active.
                "session.end completed active=15 paused=0 wall=WALL t=100",
            ])
    }

    @Test func stallInsideAPhaseKeepsTheScheduleOfTheNextOnes() {
        var engine = F.engine(F.plan(countdown: 0, [F.work("A", 60), F.work("B", 60)]))
        _ = engine.start(at: 0)
        #expect(
            F.briefs(engine.advance(to: F.at(90))) == [
                "phase.end 1 completed active=60 t=90",
                "phase.start 2/2 B next=- t=90 due=60",
            ])
        // Phase B keeps its place on the timeline: it ends 60 s after it was due to start.
        #expect(engine.nextDeadline == F.at(120))
    }

    @Test func speedTenRunsAThirtySecondPhaseInThreeRealSeconds() {
        var engine = F.engine(F.plan([F.work("Sprint", 30)]), speed: 10)
        let events = engine.start(at: 0) + F.runToEnd(&engine)
        #expect(
            F.briefs(events) == [
                "session.start Test file=test.json phases=1 planned=30 wall=WALL speed=10 t=0 due=0",
                "phase.start 1/1 Sprint next=- t=0 due=0",
                "countdown 1 3 t=2.7 due=2.7",
                "countdown 1 2 t=2.8 due=2.8",
                "countdown 1 1 t=2.9 due=2.9",
                "phase.end 1 completed active=30 t=3",
                "session.end completed active=30 paused=0 wall=WALL t=3",
            ])
    }

    @Test func thousandPhasesAtOddSpeedDoNotDrift() throws {
        let speed = 7.3
        // Durations with odd milliseconds, so every phase has a fractional real length.
        let phases = (0..<1000).map { number in
            Phase(
                kind: number.isMultiple(of: 2) ? .work : .rest, name: "P\(number)",
                duration: WorkoutDuration(milliseconds: Int64(1000 + (number * 337) % 4001)))
        }
        var engine = F.engine(F.plan(phases), speed: speed)
        var starts = engine.start(at: 0).compactMap(\.phaseStartDue)
        var lateness: Int64 = 0
        var steps = 0
        while let deadline = engine.nextDeadline {
            // Wake up late by a varying amount each time, as a real timer does.
            lateness = (lateness + 1_234_567) % 9_000_000
            let events = engine.advance(to: deadline + .nanoseconds(lateness))
            starts += events.compactMap(\.phaseStartDue)
            steps += 1
        }
        #expect(engine.state == .finished(.completed))
        try #require(starts.count == 1000)

        var exact: Int64 = 0
        var plannedMilliseconds: Int64 = 0
        for (number, phase) in phases.enumerated() {
            #expect(starts[number].nanoseconds == exact, "phase \(number + 1)")
            // The schedule also stays within a microsecond of the ideal, unrounded timeline.
            let ideal = Double(plannedMilliseconds) * 1_000_000 / speed
            #expect(abs(Double(starts[number].nanoseconds) - ideal) < 1000, "phase \(number + 1)")
            let milliseconds = phase.duration!.milliseconds
            exact += Int64((Double(milliseconds) * 1_000_000 / speed).rounded())
            plannedMilliseconds += milliseconds
        }
        #expect(steps > 3000)
    }

    @Test func nextDisplayTickFallsOnWholeSecondsOfTimeLeft() {
        var engine = F.engine(F.plan([F.work("A", 10), F.work("B", 10.5), F.reps("R", 5)]))
        _ = engine.start(at: 0)
        #expect(engine.nextDisplayTick(after: 0) == F.at(1))
        #expect(engine.nextDisplayTick(after: F.at(1)) == F.at(2))
        #expect(engine.nextDisplayTick(after: F.at(1.5)) == F.at(2))
        #expect(engine.nextDisplayTick(after: F.at(8.9)) == F.at(9))
        // Nothing left to show changing once the last second has begun: the phase end is due.
        #expect(engine.nextDisplayTick(after: F.at(9.5)) == nil)

        _ = engine.advance(to: F.at(10))
        // 10.5 s left: the display changes when it reaches 10 s, at 0.5 s into the phase.
        #expect(engine.nextDisplayTick(after: F.at(10)) == F.at(10.5))
        #expect(engine.nextDisplayTick(after: F.at(10.5)) == F.at(11.5))

        _ = engine.advance(to: F.at(20.5))
        // A rep step counts up in whole seconds from its start.
        #expect(engine.nextDisplayTick(after: F.at(20.5)) == F.at(21.5))
        #expect(engine.nextDisplayTick(after: F.at(22.8)) == F.at(23.5))
    }

    @Test func nextDisplayTickAtSpeedAndWhenStopped() throws {
        var engine = F.engine(F.plan([F.work(30)]), speed: 10)
        _ = engine.start(at: 0)
        #expect(engine.nextDisplayTick(after: 0) == F.at(0.1))
        _ = try F.handle(&engine, .pause, at: F.at(0.05))
        #expect(engine.nextDisplayTick(after: F.at(0.05)) == nil)
        _ = try F.handle(&engine, .resume, at: F.at(1.05))
        #expect(engine.nextDisplayTick(after: F.at(1.05)) == F.at(1.1))
        _ = F.runToEnd(&engine)
        #expect(engine.nextDisplayTick(after: F.at(5)) == nil)
    }
}

extension Event {
    /// The due time of a `phase.start`, nil for other events.
    fileprivate var phaseStartDue: Instant? {
        if case .phaseStart = payload { due } else { nil }
    }
}
