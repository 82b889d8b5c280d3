import PacerEngine
import PacerTestSupport
import PacerWorkout
import Testing

private typealias F = EngineFixture

/// A work phase of `seconds` with a power target (`200 W`, `90%`, ...).
private func ride(_ seconds: Double, _ power: String, name: String = "Work") throws -> Phase {
    var phase = F.work(name, seconds)
    phase.targets = Targets(power: try PowerTarget(parsing: power))
    return phase
}

private func values(_ pairs: [MeasuredChannel: Double]) -> Command {
    .measure(MeasuredValues(pairs))
}

private func samples(_ events: [Event]) -> [String] {
    events.compactMap { event in
        guard case .sample = event.payload else { return nil }
        return F.brief(event)
    }
}

private func phaseEnds(_ events: [Event]) -> [Event.PhaseEnd] {
    events.compactMap { if case .phaseEnd(let end) = $0.payload { end } else { nil } }
}

@Suite struct MeasureCommandTests {
    @Test func aMeasureLineNamesEachChannelOnce() throws {
        #expect(
            try CommandGrammar.parse("measure power=243 heart_rate=151 cadence=92")
                == values([.power: 243, .heartRate: 151, .cadence: 92]))
        #expect(try CommandGrammar.parse("  MEASURE speed=8.25   distance=1200 ") == values([.speed: 8.25, .distance: 1200]))
        #expect(try CommandGrammar.parse("measure power=0") == values([.power: 0]))
    }

    @Test(arguments: [
        ("measure", "say what was measured: measure power=243 heart_rate=151 cadence=92"),
        ("measure power=nan", #"power takes a number of W, such as power=243 (not "nan")"#),
        ("measure power=inf", #"power takes a number of W, such as power=243 (not "inf")"#),
        ("measure power=1e3", #"power takes a number of W, such as power=243 (not "1e3")"#),
        ("measure power=", #"power takes a number of W, such as power=243 (not "")"#),
        ("measure power", #"power takes a number of W, such as power=243 (not "")"#),
        ("measure heart_rate=\"151\"", #"heart_rate takes a number of bpm, such as heart_rate=151 (not ""151"")"#),
        ("measure power=-5", "power is never negative (-5)"),
        ("measure power=3001", "power=3001 is more than any sensor reads (at most 3000 W): check the sensor"),
        ("measure heart_rate=251", "heart_rate=251 is more than any sensor reads (at most 250 bpm): check the sensor"),
        ("measure hr=150", #"measure does not know "hr": it takes power, heart_rate, cadence, speed, distance"#),
        (
            "measure powr=150",
            #"measure does not know "powr" (did you mean "power"?): it takes power, heart_rate, cadence, speed, distance"#
        ),
        ("measure power=1 power=2", "measure names power twice: give each channel once"),
    ])
    func aBadMeasurementIsRefusedWithTheFix(line: String, message: String) {
        do throws(CommandParseError) {
            Issue.record("\(line) was read as \(try CommandGrammar.parse(line))")
        } catch {
            #expect(error.message == message)
        }
    }
}

@Suite struct MeasurementEngineTests {
    @Test func aSampleComesEachSessionSecondWhileAValueIsCurrent() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(10, "200 W")]))
        _ = engine.start(at: F.at(0))
        #expect(engine.nextDeadline == F.at(10))
        _ = try F.handle(&engine, values([.power: 210]), at: F.at(0.5))
        #expect(engine.nextDeadline == F.at(1))
        let events = F.advance(&engine, to: F.at(10))
        // Current for 3 s after 0.5: the samples at 1, 2 and 3, then none.
        #expect(
            samples(events) == [
                "sample 1 active=1 power=210 t=1 due=1",
                "sample 1 active=2 power=210 t=2 due=2",
                "sample 1 active=3 power=210 t=3 due=3",
            ])
    }

    @Test func aValueThatCameLateIsNotSampledIntoTheSecondsBeforeIt() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(60, "200 W")]))
        _ = engine.start(at: F.at(0))
        _ = F.advance(&engine, to: F.at(20.2))
        _ = try F.handle(&engine, values([.heartRate: 150]), at: F.at(20.2))
        #expect(engine.nextDeadline == F.at(21))
        #expect(samples(F.advance(&engine, to: F.at(21))) == ["sample 1 active=21 heart_rate=150 t=21 due=21"])
    }

    @Test func noSampleIsTakenWhilePausedAndTheGridMovesByThePause() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(60, "200 W")]))
        _ = engine.start(at: F.at(0))
        _ = try F.handle(&engine, values([.power: 200]), at: F.at(0.9))
        _ = F.advance(&engine, to: F.at(1.2))
        _ = try F.handle(&engine, .pause, at: F.at(1.2))
        _ = try F.handle(&engine, values([.power: 205]), at: F.at(1.5))
        #expect(engine.nextDeadline == nil)
        _ = try F.handle(&engine, .resume, at: F.at(1.7))
        _ = try F.handle(&engine, values([.power: 220]), at: F.at(1.8))
        // Session second 2 falls at 2.5 after the half-second pause.
        #expect(samples(F.advance(&engine, to: F.at(2.6))) == ["sample 1 active=2 power=220 t=2.5 due=2.5"])
    }

    @Test func atSpeedASampleComesEachSessionSecondAndStalenessIsRealTime() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(600, "200 W")]), speed: 10)
        _ = engine.start(at: F.at(0))
        _ = try F.handle(&engine, values([.cadence: 90]), at: F.at(0.05))
        let events = F.advance(&engine, to: F.at(4))
        // A sample each 0.1 s of real time, for the 3 real seconds the value stays current.
        #expect(samples(events).count == 30)
        #expect(samples(events).last == "sample 1 active=30 cadence=90 t=3 due=3")
    }

    @Test func aPhaseEndSaysWhatWasMeasuredAndHowLongItWasInsideItsTarget() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(6, "200 W"), F.rest(4)]))
        _ = engine.start(at: F.at(0))
        var events: [Event] = []
        // One value a second: inside the ±5 % of 200 W, below it, above it.
        for (second, watts) in [(0.5, 205.0), (1.5, 150), (2.5, 260), (3.5, 190), (4.5, 210), (5.5, 200)] {
            events += F.advance(&engine, to: F.at(second))
            events += try F.handle(&engine, values([.power: watts, .heartRate: 140 + second]), at: F.at(second))
        }
        events += F.advance(&engine, to: F.at(10))
        let ride = try #require(phaseEnds(events).first)
        #expect(ride.measured.adherence == [.power: TargetAdherence(inside: 4, below: 1, above: 1)])
        #expect(ride.measured.channels[.power]?.samples == 6)
        #expect(ride.measured.channels[.power]?.maximum == 260)
        #expect(ride.measured.channels[.power]?.average == 1215.0 / 6)
        #expect(ride.measured.channels[.heartRate]?.maximum == 145.5)
        #expect(ride.measured.work == 1215)
        let rest = try #require(phaseEnds(events).last)
        // The rest has no target, and the value of 5.5 is current at 7 and 8: two samples, no adherence.
        #expect(rest.measured.channels[.power]?.samples == 2)
        #expect(rest.measured.adherence.isEmpty)
    }

    @Test func aSampleSaysWhereEachValueWithATargetStands() throws {
        var phase = try ride(10, "200 W")
        phase.targets.heartRate = try HeartRateTarget(parsing: "140-150 bpm")
        var engine = F.engine(F.plan(countdown: 0, [phase]))
        _ = engine.start(at: F.at(0))
        var lines: [String] = []
        // 189 W is below 200 W's 5 % band, 210 inside, 211 above; cadence has no target to stand against.
        for (second, watts, beats) in [(0.5, 189.0, 139.0), (1.5, 210, 150), (2.5, 211, 151)] {
            _ = F.advance(&engine, to: F.at(second))
            _ = try F.handle(&engine, values([.power: watts, .heartRate: beats, .cadence: 90]), at: F.at(second))
            lines += F.advance(&engine, to: F.at(second + 0.5)).filter { if case .sample = $0.payload { true } else { false } }.map(
                \.jsonLine)
        }
        #expect(
            lines.map { $0.split(separator: ",\"standing\":").last.map(String.init) } == [
                #"{"power":"below","heart_rate":"below"}}"#,
                #"{"power":"inside","heart_rate":"inside"}}"#,
                #"{"power":"above","heart_rate":"above"}}"#,
            ])
    }

    @Test func aRampIsJudgedAgainstItsTargetAtTheMomentOfTheSample() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(10, "ramp 100-200 W")]))
        _ = engine.start(at: F.at(0))
        _ = try F.handle(&engine, values([.power: 130]), at: F.at(1.5))
        // The same 130 W at seconds 2, 3 and 4, against 120 W (±6), 130 W (±6.5) and 140 W (±7).
        let events = F.advance(&engine, to: F.at(4.2)) + engine.finish(.quit, at: F.at(4.2))
        let end = try #require(phaseEnds(events).first)
        #expect(end.measured.adherence == [.power: TargetAdherence(inside: 1, below: 1, above: 1)])
    }

    @Test func aShareOfFTPNeedsTheFTPToBeJudged() throws {
        var phase = try ride(10, "90%")
        let fraction = 0.5
        #expect(phase.targets.measuredRange(of: .power, at: fraction) == nil)
        phase.targets.thresholds = TargetThresholds(ftp: 250)
        #expect(phase.targets.measuredRange(of: .power, at: fraction) == TargetRange(225))
        phase.targets = Targets(
            heartRate: try HeartRateTarget(parsing: "Z2"), pace: try PaceTarget(parsing: "5:00/km"),
            thresholds: TargetThresholds(lthr: 160))
        #expect(phase.targets.measuredRange(of: .heartRate, at: 0) == TargetRange(136, 142.4))
        #expect(phase.targets.measuredRange(of: .speed, at: 0) == TargetRange(10.0 / 3))
        #expect(phase.targets.measuredChannels == [.heartRate, .speed])
    }

    @Test func theSnapshotShowsOnlyCurrentValues() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(60, "200 W")]))
        _ = engine.start(at: F.at(0))
        _ = try F.handle(&engine, values([.power: 230, .cadence: 88]), at: F.at(1))
        _ = try F.handle(&engine, values([.cadence: 91]), at: F.at(3))
        #expect(engine.snapshot(at: F.at(3.5)).measured == MeasuredValues([.power: 230, .cadence: 91]))
        #expect(engine.snapshot(at: F.at(5.5)).measured == MeasuredValues([.cadence: 91]))
        #expect(engine.snapshot(at: F.at(6.5)).measured.isEmpty)
    }

    @Test func theSessionEndCarriesTheWholeSessionsPowerAndItsWireFields() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(3, "200 W"), try ride(3, "300 W")]))
        _ = engine.start(at: F.at(0))
        var events: [Event] = []
        for second in 0..<6 {
            events += F.advance(&engine, to: F.at(Double(second) + 0.5))
            events += try F.handle(&engine, values([.power: second < 3 ? 200 : 300]), at: F.at(Double(second) + 0.5))
        }
        events += F.advance(&engine, to: F.at(6))
        guard case .sessionEnd(let end) = try #require(events.last).payload else {
            Issue.record("the session did not end")
            return
        }
        #expect(end.measured.channels[.power]?.samples == 6)
        #expect(end.measured.work == 1500)
        #expect(end.measured.adherence == [.power: TargetAdherence(inside: 6)])
        let sample = try #require(events.first { if case .sample = $0.payload { true } else { false } })
        #expect(
            sample.jsonLine == #"{"event":"sample","t":1.000,"due":1.000,"index":1,"active":1,"power":200,"standing":{"power":"inside"}}"#)
        let line = try #require(events.last).jsonLine
        #expect(
            line.contains(
                #""measured":{"power":{"avg":250,"max":300,"np":250,"kj":1.5}},"in_target":{"power":{"inside":6,"below":0,"above":0}}"#))
        var idle = F.engine(F.plan(countdown: 0, [F.work(1)]))
        _ = idle.start(at: F.at(0))
        #expect(!idle.advance(to: F.at(1)).contains { $0.jsonLine.contains("measured") })
    }
}

@Suite struct MeasurementFloodTests {
    @Test func aValueEveryMillisecondStillGivesOneSampleASecond() throws {
        var engine = F.engine(F.plan(countdown: 0, [try ride(5, "200 W")]))
        _ = engine.start(at: F.at(0))
        var events: [Event] = []
        for millisecond in 0..<3000 {
            let now = F.at(Double(millisecond) / 1000 + 0.0005)
            events += engine.advance(to: now)
            events += try F.handle(&engine, values([.power: 200]), at: now)
        }
        events += engine.advance(to: F.at(3))
        // A value half a millisecond before each second must not pass that second over.
        #expect(samples(events).map { $0.prefix(17) } == ["sample 1 active=1", "sample 1 active=2", "sample 1 active=3"])
    }
}
