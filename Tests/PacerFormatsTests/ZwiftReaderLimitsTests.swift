import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// A `.zwo` read without writing its rounds out, its phases counted before any is built; its
/// texts placed on the round they fall in; its ranges, powers, lengths and `<workout>` elements
/// read as Zwift reads them (issues 41 and 42).
@Suite struct ZwiftReaderLimitsTests {
    static func imported(_ steps: String, head: String = "") throws -> ImportedWorkout {
        try ZwiftReaderTests.imported(ZwiftReaderTests.zwo(steps, head: head))
    }

    static func timed(_ step: Step?) -> TimedStep? {
        if case .timed(let timed) = step { timed } else { nil }
    }

    @Test func anIntervalsTIsOneRepeatOfItsRoundsHoweverMany() throws {
        let blocks = String(
            repeating: #"<IntervalsT Repeat="1500" OnDuration="1" OffDuration="1" OnPower="1.2" OffPower="0.5"/>"#, count: 3)
        let imported = try Self.imported(blocks)
        #expect(imported.workout.steps.count == 3)
        for step in imported.workout.steps {
            guard case .repeated(let block) = step else {
                Issue.record("an IntervalsT is a repeat: \(step)")
                continue
            }
            #expect(block.count == 1500 && block.steps.count == 2)
        }
        #expect(PlanSize(of: imported.workout).phases == 9000)
    }

    @Test func aWorkoutPastThePhaseLimitIsRefusedWithItsCount() {
        let blocks = String(
            repeating: #"<IntervalsT Repeat="30000" OnDuration="30" OffDuration="30" OnPower="1.2" OffPower="0.5"/>"#, count: 2)
        #expect(
            HostileInputTests.refusal(ZwiftReaderTests.zwo(blocks))
                == "1:15: error: the <workout> expands to 120000 phases; a workout has at most 100000: split it into shorter workouts")
        let steps =
            #"<IntervalsT Repeat="49999" OnDuration="1" OffDuration="1"/>"#
            + String(repeating: #"<SteadyState Duration="1" Power="0.5"/>"#, count: 3)
        #expect(HostileInputTests.refusal(ZwiftReaderTests.zwo(steps))?.contains("expands to 100001 phases") ?? false)
    }

    @Test func aRoundsCountPastAnyIntegerIsRefusedNotWrapped() {
        let huge = #"<IntervalsT Repeat="9223372036854775807" OnDuration="1" OffDuration="1"/>"#
        #expect(
            HostileInputTests.refusal(ZwiftReaderTests.zwo(huge + huge))?.contains("expands to more than 9223372036854775807 phases")
                ?? false)
        #expect(
            HostileInputTests.refusal(ZwiftReaderTests.zwo(#"<IntervalsT Repeat="0" OnDuration="1" OffDuration="1"/>"#))?
                .contains(#"Repeat="0" is not a number of rounds: write a whole number of 1 or more"#) ?? false)
    }

    @Test func aTextAtTheBlocksStartIsSaidInTheFirstRoundOnlyAndTheBlockStaysWhole() throws {
        let imported = try Self.imported(
            """
            <IntervalsT Repeat="4" OnDuration="60" OffDuration="60" OnPower="1.1" OffPower="0.5">
              <textevent timeoffset="0" message="Four to go"/>
              <textevent timeoffset="190" message="Halfway through round two"/>
            </IntervalsT>
            """)
        guard imported.workout.steps.count == 1, case .repeated(let block) = imported.workout.steps[0],
            let on = Self.timed(block.steps.first)
        else {
            Issue.record("one repeat of 4 rounds: \(imported.workout.steps)")
            return
        }
        #expect(block.count == 4 && on.cue == nil)
        #expect(on.cues == [WrittenCue(at: .afterStart(.zero), text: "Four to go", round: 1)])
        #expect(
            Self.timed(block.steps.last)?.cues == [WrittenCue(at: .afterStart(.seconds(10)), text: "Halfway through round two", round: 2)])
        let phases = Plan(imported.workout).phases
        #expect(phases.map { $0.cues.map(\.text) } == [["Four to go"], [], [], ["Halfway through round two"], [], [], [], []])
        #expect(phases.map { $0.round } == [1, 1, 2, 2, 3, 3, 4, 4])
        #expect(imported.json.contains(#"{ "at": "0s", "text": "Four to go", "round": 1 }"#), "\(imported.json)")
    }

    @Test func textsFallOnTheirStepsAcrossThousandsOfSteps() throws {
        let count = 5000
        let steps = (0..<count).map {
            #"<SteadyState Duration="10" Power="0.7"><textevent timeoffset="\#($0 % 10)" message="Text \#($0)"/></SteadyState>"#
        }
        let imported = try Self.imported(steps.joined(separator: "\n"))
        let phases = Plan(imported.workout).phases
        #expect(phases.count == count)
        #expect(
            phases.indices.allSatisfy { index in
                let said = (phases[index].cue.map { [Cue(at: .zero, text: $0)] } ?? []) + phases[index].cues
                return said == [Cue(at: .seconds(Int64(index % 10)), text: "Text \(index)")]
            })
    }

    @Test func aTextTimedPastItsBlockMovesOnToTheStepThenRunning() throws {
        let imported = try Self.imported(
            """
            <IntervalsT Repeat="2" OnDuration="30" OffDuration="30" OnPower="1.1" OffPower="0.5">
              <textevent timeoffset="150" message="Into the steady"/>
            </IntervalsT>
            <SteadyState Duration="60" Power="0.7"/>
            """)
        #expect(Self.timed(imported.workout.steps.last)?.cues == [WrittenCue(at: .afterStart(.seconds(30)), text: "Into the steady")])
        #expect(
            imported.warnings.map(\.message) == [
                #"the text "Into the steady" comes 2m 30s in, past the end of its step: moved to the step after it, 30s into that one"#
            ])
    }

    @Test func aSecondWorkoutIsDroppedWithAWarningAtItsLine() throws {
        let text = """
            <workout_file>
            <workout><SteadyState Duration="60" Power="0.7"/></workout>
            <workout><SteadyState Duration="120" Power="0.9"/><Ramp Duration="60" PowerLow="0.5" PowerHigh="0.9"/></workout>
            </workout_file>
            """
        let imported = try ZwiftReaderTests.imported(text)
        #expect(
            imported.workout.steps.count == 1 && Self.timed(imported.workout.steps[0])?.duration == .same(.seconds(60)),
            "the first, as Zwift runs it")
        #expect(
            imported.warnings.map(\.description) == [
                "3:1: warning: a second <workout>: Zwift runs the first one only, and so does pacer: this one's 2 elements are dropped"
            ])
    }

    @Test(arguments: [
        (#"<SteadyState Duration="60" PowerLow="0.8"/>"#, "power", "the low end, 0.8", "80%"),
        (#"<SteadyState Duration="60" PowerHigh="0.85"/>"#, "power", "the high end, 0.85", "85%"),
        (#"<Ramp Duration="60" PowerLow="0.8"/>"#, "power", "the low end, 0.8", "80%"),
        (#"<Warmup Duration="60" PowerHigh="0.75"/>"#, "power", "the high end, 0.75", "75%"),
        (
            #"<IntervalsT Repeat="2" OnDuration="60" OffDuration="60" PowerOnLow="1.05" OffPower="0.5"/>"#, "power", "the low end, 1.05",
            "105%"
        ),
    ])
    func aPowerRangeWithOneEndHoldsThatEndWithAWarning(step: String, what: String, end: String, power: String) throws {
        let imported = try Self.imported(step)
        let first =
            Self.timed(imported.workout.steps.first)
            ?? { if case .repeated(let block) = imported.workout.steps.first { Self.timed(block.steps.first) } else { nil } }()
        let expected = try PowerTarget(parsing: power)
        #expect(first?.targets.power == .same(expected))
        let element = step.dropFirst().prefix { $0 != " " }
        #expect(
            imported.warnings.map(\.message) == [
                "<\(element)> gives one end of its \(what) range only (\(end)): the step holds \(end.split(separator: " ").last!)"
            ])
    }

    @Test func aCadenceRangeWithOneEndHoldsThatEnd() throws {
        let imported = try Self.imported(#"<SteadyState Duration="60" Power="0.7" CadenceLow="85"/>"#)
        let expected = try CadenceTarget(parsing: "85 rpm")
        #expect(Self.timed(imported.workout.steps.first)?.targets.cadence == .same(expected))
        #expect(
            imported.warnings.map(\.message) == [
                "<SteadyState> gives one end of its cadence range only (the low end, 85): the step holds 85"
            ])
    }

    @Test func powersZwiftTakesForALowFTPAreKept() throws {
        let imported = try Self.imported(
            #"<SteadyState Duration="30" Power="5.25"/><SteadyState Duration="30" Power="6"/><SteadyState Duration="30" Power="10.5"/>"#)
        let powers = imported.workout.steps.compactMap(Self.timed).map(\.targets.power)
        let (low, high) = (try PowerTarget(parsing: "525%"), try PowerTarget(parsing: "600%"))
        #expect(powers[0] == .same(low) && powers[1] == .same(high))
        #expect(powers[2] == nil, "past 1000 % (ten times FTP) a power is no target")
        #expect(
            imported.warnings.map(\.message) == [
                "the power target 1050% cannot be kept (1050% is out of range: a power target is 1–1000 % of FTP): the step has none"
            ])
    }

    @Test func aLengthUnderAMillisecondIsTooShortNotTooLong() throws {
        let imported = try Self.imported(#"<SteadyState Duration="0.0001" Power="0.7"/><SteadyState Duration="60" Power="0.7"/>"#)
        #expect(imported.workout.steps.count == 1)
        #expect(
            imported.warnings.map(\.message) == [
                #"<SteadyState> lasts less than a millisecond (Duration="0.0001"), too short for a step: dropped"#
            ])
        #expect(
            HostileInputTests.refusal(ZwiftReaderTests.zwo(#"<SteadyState Duration="-5" Power="0.7"/>"#))
                == #"2:1: error: Duration="-5" is not a number of seconds"#)
        #expect(
            HostileInputTests.refusal(ZwiftReaderTests.zwo(#"<SteadyState Duration="90000" Power="0.7"/>"#))?.hasSuffix(
                #"Duration="90000" is longer than a step may last (24 hours)"#) ?? false)
    }

    @Test func aRepeatOfMoreThanAThousandRoundsExportsAndReadsBack() throws {
        let (text, _) = try ZwiftWriterTests.zwo(
            #"{"name": "Long", "steps": [{"repeat": 1500, "steps": [{"work": 20, "power": "120%"}, {"rest": 10, "power": "50%"}]}]}"#)
        #expect(text.contains(#"<IntervalsT Repeat="1500" OnDuration="20" OffDuration="10" OnPower="1.2" OffPower="0.5"/>"#))
        let imported = try ZwiftReaderTests.imported(text)
        guard case .repeated(let block) = imported.workout.steps.first else {
            Issue.record("a repeat: \(imported.workout.steps)")
            return
        }
        #expect(block.count == 1500 && Plan(imported.workout).phases.count == 3000)
    }
}
