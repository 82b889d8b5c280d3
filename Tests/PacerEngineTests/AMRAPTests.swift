import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerEngine
@testable import PacerWorkout

private typealias E = EngineFixture

@Suite("AMRAP and time caps")
struct AMRAPTests {
    @Test func itGoesRoundUntilItsTimeHasPassedAndSaysHowFarItGot() throws {
        var engine = try E.engine(
            steps: #"{"amrap": 60, "steps": [{"reps": 5, "name": "Pull-ups"}, {"reps": 10, "name": "Push-ups"}]}, {"cooldown": 10}"#)
        var events = engine.start(at: 0)
        for second in [10.0, 20, 30] { events += try E.handle(&engine, E.done, at: E.at(second)) }
        events += E.runToEnd(&engine)
        #expect(
            E.briefs(events) == [
                "session.start W file=test.json phases=3 planned=70 wall=WALL speed=1 t=0 due=0",
                "phase.start 1/3 Pull-ups next=Push-ups t=0 due=0",
                "phase.end 1 completed active=10 reps=5 t=10",
                "phase.start 2/3 Push-ups next=Cooldown t=10 due=10",
                "phase.end 2 completed active=10 reps=10 t=20",
                "phase.start 1/3 Pull-ups next=Push-ups t=20 due=20",
                "phase.end 1 completed active=10 reps=5 t=30",
                "phase.start 2/3 Push-ups next=Cooldown t=30 due=30",
                "phase.end 2 timeout active=30 t=60",
                "block.end amrap rounds=1 steps=1 active=60 capped=true t=60 due=60",
                "phase.start 3/3 Cooldown next=- t=60 due=60",
                "phase.end 3 completed active=10 t=70",
                "session.end completed active=70 paused=0 wall=WALL t=70",
            ])
        #expect(events[5].jsonLine.contains(#""duration":null,"round":2,"next":"Push-ups""#), "\(events[5].jsonLine)")
        #expect(!events[5].jsonLine.contains(#""rounds""#))
        #expect(
            events[9].jsonLine
                == #"{"event":"block.end","t":60.000,"due":60.000,"kind":"amrap","length":60,"rounds":1,"steps":1,"skipped":0,"active":60,"capped":true}"#
        )
        #expect(engine.summary.blocks.count == 1)
    }

    @Test func theRoundIsCarriedInPhaseStartWithoutACount() throws {
        var engine = try E.engine(steps: #"{"amrap": 60, "steps": [{"reps": 5, "name": "Pull-ups"}]}"#)
        _ = engine.start(at: 0)
        let second = try E.handle(&engine, E.done, at: E.at(10))
        guard case .phaseStart(let start) = second.last?.payload else {
            Issue.record("no phase.start")
            return
        }
        #expect(start.phase.round == 2 && start.phase.rounds == nil)
        #expect(second.last?.jsonLine.contains(#""duration":null,"round":2,"next":null"#) == true, "\(second.last?.jsonLine ?? "")")
    }

    @Test func aPhaseEndingJustAsTheTimeRunsOutIsCompleted() throws {
        var engine = try E.engine(steps: #"{"amrap": 50, "steps": [{"work": 20}, {"rest": 10}]}"#)
        let events = engine.start(at: 0) + E.runToEnd(&engine)
        #expect(
            E.briefs(events.suffix(3)) == [
                "phase.end 1 completed active=20 t=50",
                "block.end amrap rounds=1 steps=1 active=50 capped=true t=50 due=50",
                "session.end completed active=50 paused=0 wall=WALL t=50",
            ])
    }

    @Test func aPauseMovesTheEndAndIsNotCounted() throws {
        var engine = try E.engine(steps: #"{"amrap": 60, "steps": [{"reps": 5, "name": "Pull-ups"}]}"#)
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, .pause, at: E.at(10))
        _ = try E.handle(&engine, .resume, at: E.at(25))
        #expect(engine.nextDeadline == E.at(75))
        #expect(!engine.waitsForCommand)
        #expect(E.briefs(E.advance(&engine, to: E.at(75))).contains("block.end amrap rounds=0 steps=0 active=60 capped=true t=75 due=75"))
    }

    @Test func aTimeCapEndsABlockForTime() throws {
        let forTime = #"{"repeat": 3, "time_cap": "10m", "steps": [{"reps": [21, 15, 9], "name": "Thrusters"}]}"#
        var fast = try E.engine(steps: forTime)
        _ = fast.start(at: 0)
        var events: [Event] = []
        for second in [100.0, 200, 312.5] { events += try E.handle(&fast, E.done, at: E.at(second)) }
        #expect(
            E.briefs(events.suffix(2)) == [
                "block.end time_cap rounds=- steps=3 active=312.5 capped=false t=312.5",
                "session.end completed active=312.5 paused=0 wall=WALL t=312.5",
            ])
        var slow = try E.engine(steps: forTime)
        _ = slow.start(at: 0)
        events = try E.handle(&slow, E.done, at: E.at(100)) + E.runToEnd(&slow)
        #expect(
            E.briefs(events.suffix(3)) == [
                "phase.end 2 timeout active=500 t=600",
                "block.end time_cap rounds=- steps=1 active=600 capped=true t=600 due=600",
                "session.end completed active=600 paused=0 wall=WALL t=600",
            ])
        let timed = try E.engine(steps: #"{"for": ["A", "B"], "time_cap": 25, "steps": [{"work": 20, "name": "{item}"}]}"#)
        var capped = timed
        let all = capped.start(at: 0) + E.runToEnd(&capped)
        #expect(all.contains { E.brief($0) == "block.end time_cap rounds=- steps=1 active=25 capped=true t=25 due=25" })
    }

    // Issue 33, item 9: a skipped step is not done, and a round with one is not a round done.
    @Test func aSkippedStepCountsForNothing() throws {
        var skipper = try E.engine(steps: #"{"amrap": 60, "steps": [{"reps": 5, "name": "Pull-ups"}, {"reps": 10, "name": "Squats"}]}"#)
        var events = skipper.start(at: 0)
        for second in stride(from: 1.0, through: 11, by: 1) { events += try E.handle(&skipper, .skip, at: E.at(second)) }
        events += E.runToEnd(&skipper)
        #expect(
            events.contains { E.brief($0) == "block.end amrap rounds=0 steps=0 skipped=11 active=60 capped=true t=60 due=60" },
            "\(E.briefs(events))")
        #expect(events.first { $0.name == "block.end" }?.jsonLine.contains(#""rounds":0,"steps":0,"skipped":11,"#) == true)
        #expect(skipper.summary.blocks.map(\.skipped) == [11])

        // Round 1 done, round 2 with a skip, round 3 under way with one step done: 1 round + 1.
        var mixed = try E.engine(steps: #"{"amrap": 60, "steps": [{"reps": 5, "name": "Pull-ups"}, {"reps": 10, "name": "Squats"}]}"#)
        events = mixed.start(at: 0)
        for (second, command) in [(10.0, E.done), (20, E.done), (25, .skip), (30, E.done), (40, E.done)] {
            events += try E.handle(&mixed, command, at: E.at(second))
        }
        events += E.runToEnd(&mixed)
        #expect(
            events.contains { E.brief($0) == "block.end amrap rounds=1 steps=1 skipped=1 active=60 capped=true t=60 due=60" },
            "\(E.briefs(events))")
        #expect(
            events.filter { $0.name == "phase.start" }.compactMap { event -> Int? in
                if case .phaseStart(let start) = event.payload { start.phase.round } else { nil }
            } == [1, 1, 2, 2, 3, 3], "the round under way is still counted on")

        var capped = try E.engine(steps: #"{"repeat": 3, "time_cap": "10m", "steps": [{"reps": 5, "name": "Thrusters"}]}"#)
        events = capped.start(at: 0)
        for second in [1.0, 2, 3] { events += try E.handle(&capped, .skip, at: E.at(second)) }
        #expect(
            events.contains { E.brief($0) == "block.end time_cap rounds=- steps=0 skipped=3 active=3 capped=false t=3" },
            "\(E.briefs(events))")
    }

    // Found testing issue 33: back from an AMRAP's first step in round 2 left the block without a
    // block.end, and going on started its time afresh with the rounds done lost.
    @Test func backCannotReopenARoundThatIsDone() throws {
        var engine = try E.engine(
            steps: #"{"warmup": 10}, {"amrap": 20, "steps": [{"reps": 5, "name": "Pull-ups"}, {"reps": 10, "name": "Squats"}]}"#)
        var events = engine.start(at: 0)
        events += try E.handle(&engine, .skip, at: E.at(1))
        events += try E.handle(&engine, E.done, at: E.at(3))
        events += try E.handle(&engine, E.done, at: E.at(5))
        #expect(throws: CommandRejection(message: "round 1 of the AMRAP is done, so back cannot reopen it: restart starts this step again"))
        {
            try engine.handle(.back, at: E.at(6))
        }
        // Inside a round, and from round 1's first step to the warm-up, back goes on as before.
        events += try E.handle(&engine, E.done, at: E.at(7))
        events += try E.handle(&engine, .back, at: E.at(8))
        events += E.runToEnd(&engine)
        #expect(
            events.contains { E.brief($0) == "block.end amrap rounds=1 steps=1 active=20 capped=true t=21 due=21" }, "\(E.briefs(events))")
        #expect(events.last?.name == "session.end")

        var early = try E.engine(steps: #"{"warmup": 10}, {"amrap": 20, "steps": [{"reps": 5, "name": "Pull-ups"}]}"#)
        _ = early.start(at: 0)
        _ = try E.handle(&early, .skip, at: E.at(1))
        let back = try E.handle(&early, .back, at: E.at(2))
        #expect(back.contains { $0.name == "back" })
    }

    // Issue 33, item 7: a step is lengthened only until the block's time is up, and the answer says so.
    @Test func aStepIsLengthenedOnlyUntilTheBlocksTimeIsUp() throws {
        var engine = try E.engine(steps: #"{"amrap": 60, "steps": [{"work": 50, "name": "Row"}]}, {"cooldown": 10}"#)
        _ = engine.start(at: 0)
        #expect(engine.answer(to: .extend(milliseconds: 30_000), at: E.at(10)) == "lengthened by 10s, not 30s: the AMRAP's time is up then")
        #expect(E.briefs(try E.handle(&engine, .extend(milliseconds: 30_000), at: E.at(10))) == ["extend 1 by=10 t=10"])
        #expect(
            E.rejection(&engine, .extend(milliseconds: 1_000), at: E.at(20))
                == "the AMRAP's time is up in 40s, and this phase already lasts until then: it cannot be lengthened (pause stops the clock)"
        )
        #expect(
            E.briefs(try E.handle(&engine, .extend(milliseconds: -5_000), at: E.at(20))) == ["extend 1 by=-5 t=20"],
            "shortening is as asked")

        var forTime = try E.engine(steps: #"{"repeat": 2, "time_cap": 30, "steps": [{"work": 20, "name": "Row"}]}"#)
        _ = forTime.start(at: 0)
        #expect(
            forTime.answer(to: .extend(milliseconds: 20_000), at: E.at(5)) == "lengthened by 10s, not 20s: the time cap is reached then")
        _ = E.advance(&forTime, to: E.at(25))
        #expect(
            E.rejection(&forTime, .extend(milliseconds: 1_000), at: E.at(25))
                == "the time cap is reached in 5s, and this phase already lasts until then: it cannot be lengthened (pause stops the clock)"
        )
    }
}
