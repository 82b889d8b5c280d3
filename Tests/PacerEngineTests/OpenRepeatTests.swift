import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerEngine
@testable import PacerWorkout

private typealias F = WorkoutFixture
private typealias E = EngineFixture

// Issue 41, item 10: an open repeat runs its steps round after round until the user ends it.
@Suite("Open repeats")
struct OpenRepeatTests {
    static let intervals = #"{"repeat": "open", "name": "Until spent", "steps": [{"work": 20}, {"rest": 10}]}, {"cooldown": 10}"#

    @Test func itIsOneRoundOfPhasesPlannedAsOneRound() throws {
        let plan = try F.plan(steps: Self.intervals)
        #expect(plan.phases.count == 3)
        #expect(plan.phases[0...1].allSatisfy { $0.timeLimit == TimeLimitedBlock(kind: .open, length: nil, first: 0, last: 1) })
        #expect(plan.planned == .seconds(40), "an open repeat counts as one round")
        #expect(
            PlanSize(of: try WorkoutDecoder.decode(Array(F.json(steps: Self.intervals).utf8))) == PlanSize(phases: 3, planned: .seconds(40))
        )
    }

    @Test func itGoesRoundUntilTheUserSaysDoneOnATimedStep() throws {
        var engine = try E.engine(steps: Self.intervals)
        var events = engine.start(at: 0) + E.advance(&engine, to: E.at(65))
        #expect(!engine.waitsForCommand, "a timed step inside still ends by itself")
        events += try E.handle(&engine, E.done, at: E.at(65))
        let briefs = E.briefs(events)
        #expect(briefs.filter { $0.hasPrefix("phase.start 1/3 Work") }.count == 3, "\(briefs)")
        #expect(
            briefs.suffix(3) == [
                "phase.end 1 completed active=5 t=65", "block.end open rounds=2 steps=1 active=65 capped=false t=65",
                "phase.start 3/3 Cooldown next=- t=65 due=65",
            ], "\(briefs)")
        #expect(events.first { $0.name == "block.end" }?.jsonLine.contains(#""kind":"open","length":null,"rounds":2,"steps":1"#) == true)
        guard case .phaseStart(let third) = events.filter({ $0.name == "phase.start" })[4].payload else {
            Issue.record("no phase.start")
            return
        }
        #expect(third.phase.round == 3 && third.phase.rounds == nil && third.phase.roundLabel == "round 3, until you end it")
        #expect(engine.summary.blocks.count == 1)
    }

    @Test func doneOnARepStepFinishesTheStepAndDoneOnATimedOneEndsTheRepeat() throws {
        var engine = try E.engine(steps: #"{"repeat": "open", "steps": [{"reps": 5, "name": "Pull-ups"}, {"work": 20}]}"#)
        var events = engine.start(at: 0)
        events += try E.handle(&engine, E.done, at: E.at(10))
        events += E.advance(&engine, to: E.at(30))
        events += try E.handle(&engine, E.done, at: E.at(40))
        #expect(
            E.rejection(&engine, .done(reps: 3, weight: nil), at: E.at(45))
                == "done here ends the open repeat, which logs no reps: say done alone")
        events += try E.handle(&engine, E.done, at: E.at(50))
        let briefs = E.briefs(events)
        #expect(briefs.contains("block.end open rounds=2 steps=0 active=50 capped=false t=50"), "\(briefs)")
        #expect(events.last?.name == "session.end")
    }

    @Test func skipPauseAndBackInsideWorkAsInAnAMRAP() throws {
        var engine = try E.engine(steps: #"{"warmup": 10}, "# + Self.intervals)
        var events = engine.start(at: 0) + E.advance(&engine, to: E.at(10))
        events += try E.handle(&engine, .skip, at: E.at(15))
        events += try E.handle(&engine, .pause, at: E.at(16))
        #expect(engine.waitsForCommand)
        events += try E.handle(&engine, .resume, at: E.at(26))
        #expect(engine.nextDeadline == E.at(35), "the rest lasts its 10s after the pause")
        events += E.advance(&engine, to: E.at(36))
        #expect(
            E.rejection(&engine, .back, at: E.at(36))
                == "round 1 of the open repeat is done, so back cannot reopen it: restart starts this step again")
        events += try E.handle(&engine, E.done, at: E.at(40))
        let briefs = E.briefs(events)
        #expect(briefs.contains("block.end open rounds=0 steps=1 skipped=1 active=20 capped=false t=40"), "\(briefs)")
    }

    @Test func theFileFormatReadsAndWritesIt() throws {
        let workout = try WorkoutDecoder.decode(Array(F.json(steps: Self.intervals).utf8))
        guard case .amrap(let block)? = workout.steps.first else {
            Issue.record("not an open repeat: \(workout.steps)")
            return
        }
        #expect(block.length == nil && block.name == "Until spent" && block.steps.count == 2)
        let written = try WorkoutEncoder.text(of: workout)
        #expect(written.contains(#""repeat": "open""#) || written.contains(#""repeat":"open""#), "\(written)")
        #expect(try WorkoutDecoder.decode(Array(written.utf8)) == workout)
    }

    @Test func theDecoderSaysWhatIsWrongWithOne() {
        #expect(
            F.diagnostics(F.json(steps: #"{"repeat": "open"}"#)) == [
                F.at("steps[0]", "an open repeat needs \"steps\", the steps of each round")
            ])
        #expect(
            F.diagnostics(F.json(steps: #"{"repeat": "open", "steps": [{"reps": 5, "name": "Pull-ups"}, {"work": "open"}]}"#)) == [
                F.at(
                    "steps[0].steps",
                    "an open repeat ends when you say done on one of its timed steps, and these are all rep or open steps (which done finishes): add a timed step, or give the repeat a number of rounds"
                )
            ])
        #expect(
            F.diagnostics(F.json(steps: #"{"amrap": "5m", "steps": [{"repeat": "open", "steps": [{"work": 20}]}]}"#)).map(\.message) == [
                "an AMRAP, an EMOM or a block with a time_cap cannot be inside another one: each keeps its own clock"
            ])
        #expect(F.diagnostics(F.json(steps: #"{"repeat": "open", "rest_between_rounds": 10, "steps": [{"work": 20}]}"#)).count == 1)
        for written in ["Open", "OPEN", "opne", " opn "] {
            #expect(
                F.diagnostics(F.json(steps: #"{"repeat": "\#(written)", "steps": [{"work": 20}]}"#)) == [
                    F.at(
                        "steps[0].repeat",
                        "the open repeat is written \"repeat\": \"open\", not \"\(written)\"; else give a whole number of rounds from 1 to 2147483647"
                    )
                ], "\(written)")
        }
    }
}
