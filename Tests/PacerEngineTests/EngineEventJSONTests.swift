import Foundation
import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = EngineFixture

@Suite("Engine: events as JSON lines")
struct EngineEventJSONTests {
    /// The kinds sinks filter by are the stream's names (SPEC §2, and the block's end and the
    /// sensors' sample): a renamed case must not rename an event on the wire.
    @Test func eachKindIsTheNameTheStreamGivesIt() {
        #expect(
            Event.Kind.allCases.map(\.rawValue) == [
                "session.start", "phase.start", "countdown", "cue", "phase.end", "pause", "resume",
                "extend", "back", "restart", "block.end", "sample", "session.end",
            ])
    }

    @Test func sessionStart() {
        let event = Event(
            t: 0, due: 0,
            .sessionStart(
                .init(
                    workout: "7-Minute \"Workout\"", file: "/w/7min.json", phases: 25, planned: .seconds(430),
                    wall: WallTime(epochSeconds: 1_796_016_214, utcOffset: 3600), speed: 1)))
        #expect(
            event.jsonLine
                == #"{"event":"session.start","t":0.000,"due":0.000,"workout":"7-Minute \"Workout\"","file":"/w/7min.json","phases":25,"planned":430,"wall":"2026-11-30T06:23:34+01:00","speed":1}"#
        )

        let fast = Event(
            t: 0, due: 0,
            .sessionStart(
                .init(
                    workout: "W", file: "w.json", phases: 1, planned: WorkoutDuration(milliseconds: 90_500), wall: F.wall, speed: 2.5)))
        #expect(
            fast.jsonLine
                == #"{"event":"session.start","t":0.000,"due":0.000,"workout":"W","file":"w.json","phases":1,"planned":90.5,"wall":"2026-11-30T07:00:00+01:00","speed":2.5}"#
        )
    }

    // Issue 35, item 3: the plan's profile, for a plugin to draw the workout with its targets.
    @Test func sessionStartCarriesTheProfile() throws {
        var warmUp = Phase(kind: .warmup, name: "Warm up", duration: .seconds(600))
        warmUp.targets = Targets(power: try PowerTarget(parsing: "ramp 50-75%"), cadence: try CadenceTarget(parsing: "90 rpm"))
        var spin = Phase(kind: .rest, name: "Spin", duration: WorkoutDuration(milliseconds: 90_500))
        spin.targets = Targets(power: .freeRide)
        let squats = Phase(kind: .reps, name: "Squats", duration: nil, reps: 5)
        let plan = Plan(name: "Ride", phases: [warmUp, spin, squats])
        let event = Event(
            t: 0, due: 0,
            .sessionStart(
                .init(
                    workout: "Ride", file: "ride.json", phases: 3, planned: plan.planned, wall: F.wall, speed: 1, plan: plan)))
        #expect(
            event.jsonLine
                == #"{"event":"session.start","t":0.000,"due":0.000,"workout":"Ride","file":"ride.json","phases":3,"planned":690.5,"wall":"2026-11-30T07:00:00+01:00","speed":1,"profile":["#
                + #"{"start":0,"duration":600,"kind":"warmup","power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]},"cadence":{"start":[90,90],"end":[90,90]}},"#
                + #"{"start":600,"duration":90.5,"kind":"rest","free_ride":true},"#
                + #"{"start":690.5,"duration":null,"kind":"reps"}]}"#)
    }

    @Test func aPlanTooLongForAProfileHasNone() {
        let most = Plan(
            name: "Many", phases: Array(repeating: Phase(kind: .work, name: "Go", duration: .seconds(1)), count: Plan.profileLimit))
        #expect(most.profileJSON?.hasPrefix(#"[{"start":0,"duration":1,"kind":"work"},"#) == true)
        let tooMany = Plan(name: "Many", phases: most.phases + [most.phases[0]])
        let event = Event(
            t: 0, due: 0,
            .sessionStart(
                .init(
                    workout: "Many", file: "m.json", phases: tooMany.phases.count, planned: tooMany.planned, wall: F.wall, speed: 1,
                    plan: tooMany)))
        #expect(!event.jsonLine.contains("profile"))
    }

    @Test func phaseStartOfATimedPhaseInARound() {
        let phase = Phase(kind: .work, name: "Jumping jacks", duration: .seconds(30), cue: "Arms high", round: 1, rounds: 3)
        let event = Event(
            t: 12_345_678_901, due: 12_345_000_000,
            .phaseStart(.init(index: 1, count: 25, phase: phase, next: F.rest(10), plannedAfter: .seconds(400))))
        #expect(
            event.jsonLine
                == #"{"event":"phase.start","t":12.346,"due":12.345,"index":2,"count":25,"kind":"work","name":"Jumping jacks","duration":30,"round":1,"rounds":3,"next":"Rest","cue":"Arms high","planned_after":400}"#
        )
    }

    @Test func phaseStartOutsideRoundsHasNoRoundFields() {
        let phase = Phase(kind: .prepare, name: "Get ready", duration: WorkoutDuration(milliseconds: 9_250))
        let event = Event(
            t: 0, due: 0,
            .phaseStart(
                .init(
                    index: 0, count: 13, phase: phase, next: F.work("Jumping jacks", 30),
                    plannedAfter: WorkoutDuration(milliseconds: 420_500))))
        #expect(
            event.jsonLine
                == #"{"event":"phase.start","t":0.000,"due":0.000,"index":1,"count":13,"kind":"prepare","name":"Get ready","duration":9.25,"next":"Jumping jacks","planned_after":420.5}"#
        )
    }

    @Test func phaseStartOfARepStepHasNullDuration() {
        let plain = Phase(kind: .reps, name: "Push-ups", duration: nil, reps: 10, weight: .text("20 kg"))
        let last = Event(t: 1_500_000_000, due: 1_500_000_000, .phaseStart(.init(index: 2, count: 3, phase: plain, next: nil)))
        #expect(
            last.jsonLine
                == #"{"event":"phase.start","t":1.500,"due":1.500,"index":3,"count":3,"kind":"reps","name":"Push-ups","duration":null,"next":null,"reps":10,"weight":"20 kg","planned_after":0}"#
        )

        let capped = Phase(kind: .reps, name: "Rows", duration: nil, cap: .seconds(60), reps: 8, weight: .number(22.5))
        let event = Event(t: 2_000_000_000, due: 2_000_000_000, .phaseStart(.init(index: 0, count: 3, phase: capped, next: plain)))
        #expect(
            event.jsonLine
                == #"{"event":"phase.start","t":2.000,"due":2.000,"index":1,"count":3,"kind":"reps","name":"Rows","duration":null,"next":"Push-ups","reps":8,"weight":22.5,"cap":60,"planned_after":0}"#
        )
    }

    @Test func countdown() {
        let event = Event(t: 7_000_999_999, due: 7_000_000_000, .countdown(.init(index: 0, remaining: 3)))
        #expect(event.jsonLine == #"{"event":"countdown","t":7.001,"due":7.000,"index":1,"remaining":3}"#)
    }

    @Test func cue() {
        let halfway = Event(t: 5_000_000_000, due: 5_000_000_000, .cue(.init(index: 3, text: "Halfway", isHalfway: true)))
        #expect(halfway.jsonLine == #"{"event":"cue","t":5.000,"due":5.000,"index":4,"text":"Halfway"}"#)
        let escaped = Event(t: 1_000_000_000, due: 1_000_000_000, .cue(.init(index: 0, text: "Line\n\"two\"\t\\")))
        #expect(escaped.jsonLine == #"{"event":"cue","t":1.000,"due":1.000,"index":1,"text":"Line\n\"two\"\t\\"}"#)
    }

    @Test func phaseEnd() {
        let completed = Event(
            t: 30_000_000_000,
            .phaseEnd(.init(index: 0, phase: F.work(1), outcome: .completed, active: .seconds(30), reps: nil, weight: nil)))
        #expect(completed.jsonLine == #"{"event":"phase.end","t":30.000,"index":1,"outcome":"completed","active":30}"#)
        let skipped = Event(
            t: 34_250_000_000,
            .phaseEnd(
                .init(index: 1, phase: F.work(1), outcome: .skipped, active: WorkoutDuration(milliseconds: 4_250), reps: nil, weight: nil)))
        #expect(skipped.jsonLine == #"{"event":"phase.end","t":34.250,"index":2,"outcome":"skipped","active":4.25}"#)
        let logged = Event(
            t: 80_000_000_000,
            .phaseEnd(
                .init(
                    index: 2, phase: F.work(1), outcome: .completed, active: WorkoutDuration(milliseconds: 42_500), reps: 8,
                    weight: .number(22.5))))
        #expect(
            logged.jsonLine == #"{"event":"phase.end","t":80.000,"index":3,"outcome":"completed","active":42.5,"reps":8,"weight":22.5}"#)
        let text = Event(
            t: 80_000_000_000,
            .phaseEnd(.init(index: 2, phase: F.work(1), outcome: .completed, active: .seconds(40), reps: 12, weight: .text("red band"))))
        #expect(
            text.jsonLine == #"{"event":"phase.end","t":80.000,"index":3,"outcome":"completed","active":40,"reps":12,"weight":"red band"}"#)
    }

    @Test func pauseAndResume() {
        #expect(Event(t: 2_000_000_000, .pause).jsonLine == #"{"event":"pause","t":2.000}"#)
        #expect(Event(t: 5_500_000_000, .resume).jsonLine == #"{"event":"resume","t":5.500}"#)
    }

    @Test func extend() {
        #expect(
            Event(t: 4_000_000_000, .extend(.init(index: 0, by: .seconds(-6)))).jsonLine
                == #"{"event":"extend","t":4.000,"index":1,"by":-6}"#)
        #expect(
            Event(t: 4_000_000_000, .extend(.init(index: 1, by: WorkoutDuration(milliseconds: -250)))).jsonLine
                == #"{"event":"extend","t":4.000,"index":2,"by":-0.25}"#)
        #expect(
            Event(t: 4_000_000_000, .extend(.init(index: 1, by: .seconds(60)))).jsonLine
                == #"{"event":"extend","t":4.000,"index":2,"by":60}"#)
    }

    @Test func backAndRestart() {
        #expect(Event(t: 12_000_000_000, .back(.init(index: 0))).jsonLine == #"{"event":"back","t":12.000,"index":1}"#)
        #expect(Event(t: 13_000_000_000, .restart(.init(index: 1))).jsonLine == #"{"event":"restart","t":13.000,"index":2}"#)
    }

    @Test func sessionEnd() {
        let event = Event(
            t: 100_100_000_000,
            .sessionEnd(
                .init(
                    outcome: .completed, active: WorkoutDuration(milliseconds: 95_100), paused: .seconds(5),
                    wall: WallTime(epochSeconds: 1_796_016_674, utcOffset: 3600))))
        #expect(
            event.jsonLine
                == #"{"event":"session.end","t":100.100,"outcome":"completed","active":95.1,"paused":5,"wall":"2026-11-30T06:31:14+01:00","worked":0,"rested":0,"warmed_up":0,"cooled_down":0,"completed":0,"skipped":0,"skipped_time":0,"sets":[]}"#
        )
        let quit = Event(
            t: 1_000_000,
            .sessionEnd(.init(outcome: .quit, active: .zero, paused: .zero, wall: WallTime(epochSeconds: 0, utcOffset: -18_000))))
        #expect(
            quit.jsonLine
                == #"{"event":"session.end","t":0.001,"outcome":"quit","active":0,"paused":0,"wall":"1969-12-31T19:00:00-05:00","worked":0,"rested":0,"warmed_up":0,"cooled_down":0,"completed":0,"skipped":0,"skipped_time":0,"sets":[]}"#
        )
        let aborted = Event(t: 0, .sessionEnd(.init(outcome: .aborted, active: .zero, paused: .zero, wall: F.wall)))
        #expect(aborted.jsonLine.contains(#""outcome":"aborted""#))
    }

    @Test func timesAreRoundedToTheMillisecondWithThreeDecimals() {
        let cases: [(Instant, String)] = [
            (0, "0.000"), (1, "0.000"), (499_999, "0.000"), (500_000, "0.001"), (999_999, "0.001"),
            (1_000_500_000, "1.001"), (1_010_000_000, "1.010"), (59_999_999_999, "60.000"), (3_600_123_456_789, "3600.123"),
        ]
        for (instant, text) in cases {
            #expect(Event(t: instant, .pause).jsonLine == "{\"event\":\"pause\",\"t\":\(text)}", "\(instant) ns")
        }
    }

    @Test func eventNames() {
        let names = [
            Event(t: 0, .pause), Event(t: 0, .resume), Event(t: 0, .back(.init(index: 0))), Event(t: 0, .restart(.init(index: 0))),
            Event(t: 0, .extend(.init(index: 0, by: .zero))), Event(t: 0, .countdown(.init(index: 0, remaining: 1))),
            Event(t: 0, .cue(.init(index: 0, text: ""))),
        ].map(\.name)
        #expect(names == ["pause", "resume", "back", "restart", "extend", "countdown", "cue"])
    }

    @Test func aWholeRunInJSONLines() {
        let wall = WallClockFixture()
        var engine = Engine(
            plan: F.plan(countdown: 1, [F.work("Squats", 2, round: 1, rounds: 1)]), speed: 1, file: "s.json", wallClock: wall.clock)
        let lines = (engine.start(at: 0) + F.runToEnd(&engine)).map(\.jsonLine)
        #expect(
            lines == [
                #"{"event":"session.start","t":0.000,"due":0.000,"workout":"Test","file":"s.json","phases":1,"planned":2,"wall":"2026-11-30T07:00:00+01:00","speed":1,"profile":[{"start":0,"duration":2,"kind":"work"}]}"#,
                #"{"event":"phase.start","t":0.000,"due":0.000,"index":1,"count":1,"kind":"work","name":"Squats","duration":2,"round":1,"rounds":1,"next":null,"planned_after":0}"#,
                #"{"event":"countdown","t":1.000,"due":1.000,"index":1,"remaining":1}"#,
                #"{"event":"phase.end","t":2.000,"index":1,"outcome":"completed","active":2}"#,
                #"{"event":"session.end","t":2.000,"outcome":"completed","active":2,"paused":0,"wall":"2026-11-30T07:01:00+01:00","worked":2,"rested":0,"warmed_up":0,"cooled_down":0,"completed":1,"skipped":0,"skipped_time":0,"sets":[]}"#,
            ])
    }

    // Issue 7, item 2: the log keeps a workout's text exactly, each control escaped, none raw.
    @Test func theHostileWorkoutIsLoggedExactlyWithNoRawControlCharacter() throws {
        let plan = Plan(try HostileFixture.workout())
        var engine = Engine(plan: plan, speed: 1, file: "hostile.json", wallClock: { F.wall })
        var events = engine.start(at: 0)
        var now: Instant = 0
        while engine.snapshot(at: now).phase.kind != .reps, let deadline = engine.nextDeadline {
            events += engine.advance(to: deadline)
            now = deadline
        }
        let weight = Weight.text("7.5 kg \u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2J\u{08}\u{7F}")
        events += try F.handle(&engine, .done(reps: 4, weight: weight), at: now) + F.runToEnd(&engine)
        #expect(engine.isFinished)
        var names: [String] = []
        var cues: [String] = []
        var weights: [String] = []
        for event in events {
            let line = event.jsonLine
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            if event.name == "phase.start" { names.append(try #require(object["name"] as? String)) }
            if event.name == "cue" { cues.append(try #require(object["text"] as? String)) }
            if let weight = object["weight"] as? String { weights.append(weight) }
        }
        #expect(names == plan.phases.map(\.name))
        // The squats' own cue at 4 s, their halfway call at 6 s, the plank's cue.
        #expect(cues == [plan.phases[1].cues[0].text, "Halfway", plan.phases[8].cues[0].text])
        #expect(weights == [plan.phases[2].weight?.description, weight.description].compactMap { $0 })
    }

    @Test func phaseStartCarriesTheExercise() {
        let phase = Phase(kind: .reps, name: "Squat (set 1/5)", duration: nil, reps: 5, exercise: "Squat")
        let line = Event(t: .start, due: .start, .phaseStart(.init(index: 0, count: 1, phase: phase, next: nil))).jsonLine
        #expect(line.contains(#""name":"Squat (set 1/5)","exercise":"Squat","#))
    }

    @Test func showJSONAndPhaseStartCarryTheContract() throws {
        let plan = try WorkoutFixture.plan(
            steps: #"{"warmup": 600, "power": "ramp 50-75%", "cadence": "90 rpm"}, {"rest": 60, "power": "free"}"#)
        let warmup = PlanJSON(plan).phase(0)
        #expect(
            warmup.contains(#""power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]},"cadence":{"start":[90,90],"end":[90,90]}"#),
            "\(warmup)")
        #expect(PlanJSON(plan).phase(1).contains(#""free_ride":true"#))
        var engine = F.engine(plan)
        let start = engine.start(at: 0).first { $0.name == "phase.start" }
        #expect(
            start?.jsonLine.contains(#""power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]}"#) == true, "\(start?.jsonLine ?? "")")
    }
}
