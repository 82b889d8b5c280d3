import PacerEngine
import PacerFoundation
import PacerWorkout
import Speech
import Testing

@Suite("Coach")
struct CoachTests {
    @Test func namesEachPhaseWithTheLengthOfWorkAndTheNextDuringRests() {
        var session = CoachedSession([prepare(10), work("Wall sit", 30), rest(10), work("Lunges", 45)], countdown: 3)
        session.start()
        session.runToEnd()
        #expect(
            session.texts == [
                "Get ready", "Next: Wall sit", "three", "two", "one",
                "Wall sit, 30 seconds", "three", "two", "one",
                "Rest", "Next: Lunges", "three", "two", "one",
                "Lunges, 45 seconds", "three", "two", "one",
                "Workout complete",
            ])
        #expect(session.said.map(\.event).first == "phase.start" && session.said.last?.event == "session.end")
    }

    @Test func announcementsMustFinishBeforeTheCountdownAndBeatsAreDueOnTheirSecond() throws {
        var session = CoachedSession([prepare(10), work("Wall sit", 30)], countdown: 3, speed: 2)
        session.start()
        session.runToEnd()
        let ready = try session.utterance("Get ready")
        #expect(ready.priority == .announcement && ready.due == .start && ready.startBy == seconds(1))
        // The countdown of a 10 s phase starts 7 s in: 3.5 s of real time at speed 2.
        #expect(ready.finishBy == seconds(3.5))
        let next = try session.utterance("Next: Wall sit")
        #expect(next.priority == .remark && next.finishBy == seconds(3.5) && next.scope == ready.scope)
        let wallSit = try session.utterance("Wall sit, 30 seconds")
        #expect(wallSit.shortText == "Wall sit" && wallSit.due == seconds(5) && wallSit.finishBy == seconds(5 + 13.5))
        #expect(wallSit.scope > ready.scope)
        let beats = session.said.filter { $0.event == "countdown" }.map(\.utterance)
        #expect(beats.map(\.due) == [3.5, 4, 4.5, 18.5, 19, 19.5].map(seconds))
        #expect(beats.allSatisfy { $0.priority == .beat && $0.finishBy == nil })
        // A beat may be late by a quarter second at most, and never by half its own second.
        #expect(beats.allSatisfy { $0.startBy == $0.due + .milliseconds(250) })
        var fast = CoachedSession([work("Plank", 5)], speed: 10)
        fast.start()
        fast.runToEnd()
        #expect(try fast.utterance("three").startBy == seconds(0.2 + 0.05))
    }

    @Test func aShortPhaseGivesItsNameUntilTheFirstCountdownSecondThatFallsInIt() throws {
        var session = CoachedSession([work("Burpees", 3), work("Jump", 10)], countdown: 5)
        session.start()
        session.runToEnd()
        // A 3 s phase counts down 2 and 1 only; the name must be said before the 2, 1 s in.
        #expect(try session.utterance("Burpees, 3 seconds").finishBy == seconds(1))
        #expect(session.texts.prefix(3) == ["Burpees, 3 seconds", "two", "one"])
        #expect(try session.utterance("Jump, 10 seconds").finishBy == seconds(3 + 5))
        var silent = CoachedSession([work("Hold", 20)], countdown: 0)
        silent.start()
        silent.runToEnd()
        #expect(try silent.utterance("Hold, 20 seconds").finishBy == seconds(20))
        #expect(silent.texts == ["Hold, 20 seconds", "Workout complete"])
    }

    @Test func repStepsSayTheirRepsAndWeightAndHaveNoDeadlineWithoutACap() throws {
        let squat = Phase(kind: .reps, name: "Back squat", duration: nil, reps: 5, weight: .text("80 kg"))
        let pull = Phase(kind: .reps, name: "Pull-up", duration: nil, cap: .seconds(60), reps: 1, weight: .number(22.5))
        var session = CoachedSession([squat, rest(30), pull])
        session.start()
        let first = try session.utterance("Back squat, 5 reps at 80 kg")
        #expect(first.shortText == "Back squat" && first.finishBy == nil)
        session.command(.done(reps: nil, weight: nil), at: 40)
        #expect(session.texts.contains("Next: Pull-up"))
        session.runToEnd()
        // A capped rep step ends at its cap, and is not counted down.
        let capped = try session.utterance("Pull-up, 1 rep at 22.5")
        #expect(capped.finishBy == seconds(130))
        #expect(session.texts.suffix(2) == ["Pull-up, 1 rep at 22.5", "Workout complete"])
    }

    // Issue 35, item 4: the coach says the target with the phase.
    @Test func theTargetIsSaidWithThePhase() throws {
        var sweetSpot = work("Sweet spot", 300)
        sweetSpot.targets = Targets(power: try PowerTarget(parsing: "88-94%"))
        var warmup = work("Warm up", 60)
        warmup.targets = Targets(power: try PowerTarget(parsing: "ramp 50-75%"), cadence: try CadenceTarget(parsing: "90 rpm"))
        var run = work("Run", 60)
        run.targets = Targets(heartRate: try HeartRateTarget(parsing: "Z2"), pace: try PaceTarget(parsing: "4:30/km"))
        var free = rest(30)
        free.targets = Targets(power: .freeRide)
        var session = CoachedSession([sweetSpot, warmup, run, free])
        session.start()
        session.runToEnd()
        let sweet = try session.utterance("Sweet spot, 5 minutes at 88 to 94 percent")
        #expect(sweet.shortText == "Sweet spot")
        #expect(session.texts.contains("Warm up, 1 minute at ramp from 50 to 75 percent, cadence 90"), "\(session.texts)")
        #expect(session.texts.contains("Run, 1 minute at heart rate zone 2, pace 4 minutes 30 per kilometre"), "\(session.texts)")
        #expect(session.texts.contains("Rest, 30 seconds, free ride"), "\(session.texts)")
    }

    // Issue 42, item 13: a share of threshold pace or a pace zone is said as a pace when threshold pace is known.
    @Test func withThresholdPaceAPaceIsSaidAsAPerson() throws {
        let perKilometre = TargetThresholds(thresholdPace: 270)
        func run(_ name: String, _ pace: String, _ thresholds: TargetThresholds) throws -> Phase {
            var phase = work(name, 240)
            phase.targets = Targets(pace: try PaceTarget(parsing: pace), thresholds: thresholds)
            return phase
        }
        var session = CoachedSession([
            try run("Tempo", "95%", perKilometre), try run("Steady", "Z2", perKilometre), try run("Easy", "Z1", perKilometre),
            try run("Hard", "Z5", perKilometre),
            try run("Mile", "95%", TargetThresholds(thresholdPace: 435 / 1.609344, thresholdPaceUnit: .perMile)),
            try run("Unknown", "95%", .none), try run("Zone", "Z3", .none), try run("Swim", "1:45/100m", .none),
        ])
        session.start()
        session.runToEnd()
        for said in [
            "Tempo, 4 minutes at pace 4 minutes 44 per kilometre",
            "Steady, 4 minutes at pace zone 2, 5 minutes 8 to 5 minutes 48 per kilometre",
            "Easy, 4 minutes at pace zone 1, 5 minutes 48 per kilometre or slower",
            "Hard, 4 minutes at pace zone 5, 4 minutes 30 per kilometre or faster",
            "Mile, 4 minutes at pace 7 minutes 38 per mile",
            "Unknown, 4 minutes at pace 95 percent of threshold", "Zone, 4 minutes at pace zone 3",
            "Swim, 4 minutes at pace 1 minute 45 per 100 metres",
        ] {
            #expect(session.texts.contains(said), "\(said): \(session.texts)")
        }
    }

    @Test func withFTPThePowerTargetIsSaidInWatts() throws {
        let ftp = TargetThresholds(ftp: 250)
        var sweetSpot = work("Sweet spot", 300)
        sweetSpot.targets = Targets(power: try PowerTarget(parsing: "88-94%"), thresholds: ftp)
        var warmup = work("Warm up", 60)
        warmup.targets = Targets(power: try PowerTarget(parsing: "ramp 50-75%"), thresholds: ftp)
        var zone = work("Endurance", 60)
        zone.targets = Targets(power: try PowerTarget(parsing: "Z2"), thresholds: ftp)
        var session = CoachedSession([sweetSpot, warmup, zone])
        session.start()
        session.runToEnd()
        #expect(session.texts.contains("Sweet spot, 5 minutes at 220 to 235 watts"), "\(session.texts)")
        #expect(session.texts.contains("Warm up, 1 minute at ramp from 125 to 188 watts"), "\(session.texts)")
        #expect(session.texts.contains("Endurance, 1 minute at zone 2"), "\(session.texts)")
    }

    // Issue 42, item 15: a step is said with its length and target, and so is the next one.
    @Test func aRestAndTheStepAfterItAreSaidWithTheirLengthAndTarget() throws {
        let ftp = TargetThresholds(ftp: 263)
        var recovery = rest(120)
        recovery.targets = Targets(power: try PowerTarget(parsing: "138 W"), thresholds: ftp)
        var interval = work("Work", 240)
        interval.targets = Targets(power: try PowerTarget(parsing: "100%"), thresholds: ftp)
        var session = CoachedSession([recovery, interval])
        session.start()
        session.runToEnd()
        #expect(session.texts.prefix(2) == ["Rest, 2 minutes at 138 watts", "Next: Work, 4 minutes at 263 watts"])
        #expect(try session.utterance("Next: Work, 4 minutes at 263 watts").shortText == "Next: Work")
        #expect(session.texts.contains("Work, 4 minutes at 263 watts"))
    }

    // Issue 44, section 3: power off its target for 10 s earns one nudge, then none for 30 s.
    @Test func powerOffItsTargetForTenSecondsEarnsOneNudgeEveryThirtySeconds() throws {
        var interval = work("Work", 120)
        interval.targets = Targets(power: try PowerTarget(parsing: "260 W"))
        var session = CoachedSession([interval], countdown: 0)
        session.start()
        for second in 0..<70 {
            session.command(.measure(MeasuredValues([.power: second < 35 ? 230 : 262, .heartRate: 150])), at: Double(second) + 0.5)
        }
        session.run(until: 71)
        let nudges = session.said.filter { $0.event == "sample" }
        #expect(nudges.map(\.utterance.text) == ["power low: 230, target 260"])
        #expect(nudges.first?.utterance.due == seconds(10))
        #expect(nudges.first?.utterance.priority == .remark)
        var quiet = CoachedSession([interval], countdown: 0)
        quiet.coach = Coach(nudges: false)
        quiet.start()
        for second in 0..<20 { quiet.command(.measure(MeasuredValues([.power: 100])), at: Double(second) + 0.5) }
        quiet.run(until: 21)
        #expect(!quiet.said.contains { $0.event == "sample" })
    }

    @Test func heartRateIsNudgedAgainAfterThirtySecondsStillOffTarget() throws {
        var interval = work("Tempo", 600)
        interval.targets = Targets(heartRate: try HeartRateTarget(parsing: "150-160 bpm"))
        var session = CoachedSession([interval], countdown: 0)
        session.start()
        for second in 0..<45 {
            session.command(.measure(MeasuredValues([.heartRate: 171])), at: Double(second) + 0.5)
        }
        session.run(until: 46)
        let nudges = session.said.filter { $0.event == "sample" }
        #expect(nudges.map(\.utterance.text) == ["heart rate high: 171, target 150 to 160", "heart rate high: 171, target 150 to 160"])
        #expect(nudges.map(\.utterance.due) == [seconds(10), seconds(40)])
    }

    @Test func cuesAndTheHalfwayCallComeAtTheirMomentsAndMustFinishBeforeTheNextBeat() throws {
        let plank = work(
            "Plank", 20, cue: "Hips level", cues: [Cue(at: .seconds(5), text: "Breathe"), Cue(at: .seconds(18), text: "Hold it")])
        var session = CoachedSession([plank], countdown: 3, halfway: true)
        session.start()
        session.runToEnd()
        #expect(
            session.texts == [
                "Plank, 20 seconds", "Hips level", "Breathe", "Halfway", "three", "two", "Hold it", "one", "Workout complete",
            ])
        #expect(try session.utterance("Hips level").priority == .remark)
        let breathe = try session.utterance("Breathe")
        #expect(breathe.due == seconds(5) && breathe.finishBy == seconds(17) && breathe.priority == .remark)
        #expect(try session.utterance("Halfway").due == seconds(10))
        // Within the countdown, a cue has until the next beat.
        #expect(try session.utterance("Hold it").finishBy == seconds(19))
    }

    @Test func pausesAndResumesAreAcknowledgedAndMoveTheDeadlines() throws {
        var session = CoachedSession([work("Plank", 20, cues: [Cue(at: .seconds(10), text: "Breathe")])], countdown: 3)
        session.start()
        session.command(.pause, at: 5)
        session.command(.resume, at: 8)
        session.runToEnd()
        #expect(session.texts == ["Plank, 20 seconds", "Paused", "Resumed", "Breathe", "three", "two", "one", "Workout complete"])
        let paused = try session.utterance("Paused")
        #expect(paused.finishBy == nil && paused.priority == .announcement)
        let resumed = try session.utterance("Resumed")
        #expect(resumed.finishBy == seconds(20)) // the countdown, 17 s in, moved by the 3 s pause
        let plank = try session.utterance("Plank, 20 seconds")
        #expect(resumed.scope > paused.scope && paused.scope > plank.scope)
        #expect(try session.utterance("Breathe").finishBy == seconds(20))
    }

    @Test func anExtensionMovesTheCountdownThePhraseMustFinishBefore() throws {
        var session = CoachedSession([work("Plank", 20, cues: [Cue(at: .seconds(18), text: "Breathe")])], countdown: 3)
        session.start()
        session.command(.extend(milliseconds: 10_000), at: 2)
        session.runToEnd()
        #expect(try session.utterance("Breathe").finishBy == seconds(27))
    }

    @Test func quittingSilencesAndSaysNothingMore() {
        var session = CoachedSession([work("Plank", 20)])
        session.start()
        let end = session.engine.finish(.quit, at: seconds(3))
        session.hear(end)
        #expect(session.texts == ["Plank, 20 seconds"])
        #expect(end.filter(Coach.silences).map(\.name) == ["session.end"])
        var completed = CoachedSession([work("Plank", 2)])
        completed.start()
        completed.runToEnd()
        #expect(completed.engine.isFinished)
        #expect(!completed.said.isEmpty)
    }

    @Test func workoutTextIsMadeSafeToSpeak() throws {
        let hostile = Phase(
            kind: .work, name: "--help\u{1B}[31m\nRed\u{7}", duration: .seconds(30),
            cue: String(repeating: "push ", count: 100_000))
        var session = CoachedSession([Phase(kind: .rest, name: "\u{0}\u{1}", duration: .seconds(10)), hostile])
        session.start()
        session.runToEnd()
        let texts = session.texts
        // A name with nothing sayable left is called by its kind.
        #expect(texts.first == "Rest")
        #expect(texts.contains("Next: help 31m Red"))
        #expect(texts.contains("help 31m Red, 30 seconds"))
        let cue = try #require(texts.first { $0.hasPrefix("push") })
        #expect(cue.count <= SpokenText.maximumLength && cue.hasSuffix("push"))
        #expect(texts.allSatisfy { !$0.hasPrefix("-") && !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }
}
