import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

@Suite struct ZwiftReaderTests {
    static func imported(_ text: String, name: String = "fallback") throws -> ImportedWorkout {
        try WorkoutImport.read(Array(text.utf8), format: .zwo, name: name)
    }

    static let full = """
        <?xml version="1.0" encoding="UTF-8"?>
        <workout_file>
            <author>Ann &amp; Bo</author>
            <name>Over &lt;unders&gt;</name>
            <description>Line one
        line two</description>
            <sportType>bike</sportType>
            <tags><tag name="INTERVALS"/><tag name="FTP"/></tags>
            <workout>
                <Warmup Duration="600" PowerLow="0.25" PowerHigh="0.75" Cadence="85"/>
                <SteadyState Duration="300" Power="0.88">
                    <textevent timeoffset="0" message="Settle in"/>
                    <textevent timeoffset="120" message="Two minutes gone"/>
                </SteadyState>
                <SteadyState Duration="240" PowerLow="0.9" PowerHigh="0.95"/>
                <IntervalsT Repeat="5" OnDuration="60" OffDuration="90" OnPower="1.2" OffPower="0.5" Cadence="100" CadenceResting="80"/>
                <IntervalsT Repeat="3" OnDuration="30" OffDuration="30" PowerOnLow="1.05" PowerOnHigh="1.1" PowerOffLow="0.4" PowerOffHigh="0.5"/>
                <Ramp Duration="180" PowerLow="0.6" PowerHigh="0.9"/>
                <FreeRide Duration="300" FlatRoad="1"/>
                <MaxEffort Duration="20"/>
                <Cooldown Duration="420" PowerLow="0.3" PowerHigh="0.7"/>
            </workout>
        </workout_file>
        """

    @Test func readsEveryElementWithItsTimes() throws {
        let imported = try Self.imported(Self.full)
        let workout = imported.workout
        #expect(workout.name == "Over <unders>")
        #expect(workout.description == "Line one\nline two\n\nBy Ann & Bo.")
        #expect(workout.tags == ["INTERVALS", "FTP", "bike"] || workout.tags == ["bike", "INTERVALS", "FTP"])
        let seconds = [600, 300, 240, 5 * (60 + 90), 3 * (30 + 30), 180, 300, 20, 420].reduce(0, +)
        #expect(Plan(workout).planned == .seconds(Int64(seconds)))
        guard case .timed(let warmup) = workout.steps[0], case .repeated(let intervals) = workout.steps[3],
            case .repeated(let ranges) = workout.steps[4], case .timed(let cooldown) = workout.steps[8]
        else {
            Issue.record("unexpected steps: \(workout.steps)")
            return
        }
        #expect(warmup.kind == .warmup)
        #expect(warmup.targets.power == .same(.target(.ftp, TargetSpan(start: TargetRange(25), end: TargetRange(75)))))
        #expect(warmup.targets.cadence == .same(CadenceTarget(span: TargetSpan(TargetRange(85)))))
        #expect(intervals.count == 5 && intervals.steps.count == 2)
        guard case .timed(let on) = intervals.steps[0], case .timed(let off) = intervals.steps[1],
            case .timed(let onRange) = ranges.steps[0]
        else { return }
        #expect(on.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(120)))))
        #expect(off.kind == .rest && off.targets.cadence == .same(CadenceTarget(span: TargetSpan(TargetRange(80)))))
        #expect(onRange.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(105, 110)))))
        #expect(ranges.count == 3)
        #expect(
            cooldown.targets.power == .same(.target(.ftp, TargetSpan(start: TargetRange(70), end: TargetRange(30)))),
            "a cool-down ramps down, however written")
    }

    @Test func textEventsBecomeCuesAtTheirOffsets() throws {
        let workout = try Self.imported(Self.full).workout
        guard case .timed(let steady) = workout.steps[1] else { return }
        #expect(steady.cue == .same("Settle in"))
        #expect(steady.cues == [WrittenCue(at: .afterStart(.seconds(120)), text: "Two minutes gone")])
    }
}

extension ZwiftReaderTests {
    static func zwo(_ steps: String, head: String = "") -> String {
        "<workout_file>\(head)<workout>\n\(steps)\n</workout></workout_file>"
    }

    @Test func aTextInsideIntervalsIsTimedFromTheBlockAndSaidInItsRoundOnly() throws {
        let on = 40
        let off = 20
        let repeats = 4
        let offset = 2 * (on + off) + on + 5
        let imported = try Self.imported(
            Self.zwo(
                """
                <IntervalsT Repeat="\(repeats)" OnDuration="\(on)" OffDuration="\(off)" OnPower="1.1" OffPower="0.5">
                  <textevent timeoffset="\(offset)" message="Third rest"/>
                </IntervalsT>
                """))
        let steps = imported.workout.steps
        #expect(Plan(imported.workout).planned == .seconds(Int64(repeats * (on + off))))
        guard steps.count == 1, case .repeated(let block) = steps[0], block.count == repeats, block.steps.count == 2,
            case .timed(let onStep) = block.steps[0], case .timed(let offStep) = block.steps[1]
        else {
            Issue.record("expected one repeat of \(repeats) rounds: \(steps)")
            return
        }
        #expect(onStep.cues.isEmpty && offStep.kind == .rest)
        #expect(offStep.cues == [WrittenCue(at: .afterStart(.seconds(Int64(offset - 2 * (on + off) - on))), text: "Third rest", round: 3)])
        let phases = Plan(imported.workout).phases
        #expect(phases.map(\.cues.count) == [0, 0, 0, 0, 0, 1, 0, 0], "said in the third round's rest only")
        #expect(phases[5].round == 3 && phases[5].rounds == 4, "the display shows round 3/4, as Zwift does")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    @Test func aTextPastItsStepMovesOnWithAWarningAndOnePastTheEndIsDropped() throws {
        let imported = try Self.imported(
            Self.zwo(
                """
                <SteadyState Duration="60" Power="0.7">
                  <textevent timeoffset="75" message="Moved"/>
                  <textevent timeoffset="500" message="Gone"/>
                </SteadyState>
                <SteadyState Duration="60" Power="0.8"/>
                """))
        guard case .timed(let second) = imported.workout.steps[1] else { return }
        #expect(second.cues == [WrittenCue(at: .afterStart(.seconds(75 - 60)), text: "Moved")])
        let messages = imported.warnings.map(\.description)
        #expect(messages.count == 2)
        #expect(messages[0].hasPrefix("3:3: warning:") && messages[0].contains("moved to the step after it"), "\(messages)")
        #expect(messages[1].hasPrefix("4:3: warning:") && messages[1].contains("dropped"), "\(messages)")
    }

    @Test func aRunMeasuredInMetresHasOpenStepsWithADistanceAndPaceTargets() throws {
        let imported = try Self.imported(
            Self.zwo(
                """
                <SteadyState Duration="400" Power="0.95" pace="2"/>
                <IntervalsT Repeat="6" OnDuration="200" OffDuration="100" OnPower="1.05" OffPower="0.7"/>
                """, head: "<sportType>run</sportType><durationType>distance</durationType>"))
        let phases = Plan(imported.workout).phases
        #expect(phases.count == 1 + 6 * 2)
        #expect(phases.allSatisfy { $0.duration == nil }, "a distance is never a guessed time")
        guard case .timed(let steady) = imported.workout.steps[0], case .repeated(let block) = imported.workout.steps[1] else { return }
        #expect(steady.distance == .same("400 m") && steady.targets.power == nil)
        #expect(steady.targets.pace == .same(PaceTarget(unit: .threshold, span: TargetSpan(TargetRange(95)))))
        #expect(block.count == 6)
        #expect(imported.workout.tags == ["run"])
        #expect(imported.warnings.contains { $0.message.contains("threshold pace") })
    }

    @Test func aRunByTimeHoldsTheRangeOfARampedPace() throws {
        let imported = try Self.imported(
            Self.zwo(#"<Warmup Duration="300" PowerLow="0.7" PowerHigh="0.85"/>"#, head: "<sportType>run</sportType>"))
        guard case .timed(let warmup) = imported.workout.steps[0] else { return }
        #expect(warmup.duration == .same(.seconds(300)) && warmup.targets.power == nil)
        #expect(warmup.targets.pace == .same(PaceTarget(unit: .threshold, span: TargetSpan(TargetRange(70, 85)))))
        #expect(
            imported.warnings.map(\.description) == [
                "2:1: warning: pacer ramps only power, and this run step ramps its pace: it keeps the range 70-85% instead"
            ])
    }

    @Test func identicalStepsWrittenOutFoldIntoARepeatOnlyWhenEveryOneMatches() throws {
        let pair = #"<SteadyState Duration="120" Power="1.05"/><SteadyState Duration="60" Power="0.5"/>"#
        let folded = try Self.imported(Self.zwo(String(repeating: pair + "\n", count: 3))).workout
        guard folded.steps.count == 1, case .repeated(let block) = folded.steps[0] else {
            Issue.record("three identical pairs should be one repeat: \(folded.steps)")
            return
        }
        #expect(block.count == 3 && block.steps.count == 2)
        let nearly = pair + "\n" + pair + "\n" + #"<SteadyState Duration="120" Power="1.06"/><SteadyState Duration="60" Power="0.5"/>"#
        let kept = try Self.imported(Self.zwo(nearly)).workout
        #expect(Plan(kept).planned == .seconds(3 * (120 + 60)))
        guard kept.steps.count == 3, case .repeated(let two) = kept.steps[0] else {
            Issue.record("the pair that differs stays apart: \(kept.steps)")
            return
        }
        #expect(two.count == 2)
    }

    @Test func freeRideMaxEffortAndTheFTPTestAreKept() throws {
        let imported = try Self.imported(
            Self.zwo(
                """
                <FreeRide Duration="1200" FlatRoad="1" ftptest="1"/>
                <Freeride Duration="300"/>
                <MaxEffort Duration="30"/>
                """))
        guard case .timed(let test) = imported.workout.steps[0], case .timed(let free) = imported.workout.steps[1],
            case .timed(let max) = imported.workout.steps[2]
        else { return }
        #expect(test.name == .same("FTP test") && test.targets.power == .same(.freeRide))
        #expect(free.targets.power == .same(.freeRide))
        #expect(max.name == .same("Max effort"))
        #expect(imported.warnings.map(\.description).contains { $0.hasPrefix("2:1: warning:") && $0.contains("FTP test") })
    }

    @Test func entitiesCRLFAndTheShortNameTagAreRead() throws {
        let text =
            "<workout_file>\r\n<n>Caf&#233; &quot;ride&quot;</n>\r\n<workout>\r\n<SteadyState Duration=\"60\" Power=\"0.75\"/>\r\n<Bogus Duration=\"5\"/>\r\n</workout>\r\n</workout_file>\r\n"
        let imported = try Self.imported(text)
        #expect(imported.workout.name == "Café \"ride\"")
        #expect(imported.warnings.map(\.description) == ["5:1: warning: <Bogus> is not a step pacer knows: dropped"])
    }

    @Test func aFileWithoutANameIsNamedByTheCaller() throws {
        let imported = try Self.imported(Self.zwo(#"<SteadyState Duration="60" Power="0.4"/>"#), name: "morning")
        #expect(imported.workout.name == "morning")
        guard case .timed(let step) = imported.workout.steps[0] else { return }
        #expect(step.kind == .rest, "below 60 % of FTP a steady step is a rest")
    }

    @Test func aPowerOutOfPacersRangeIsDroppedWithAWarning() throws {
        let huge = String(repeating: "9", count: 300)
        let imported = try Self.imported(
            Self.zwo(#"<SteadyState Duration="60" Power="12"/><SteadyState Duration="60" Power="\#(huge)" Cadence="1e5"/>"#))
        guard case .timed(let step) = imported.workout.steps[0], case .timed(let absurd) = imported.workout.steps[1] else { return }
        #expect(step.targets.power == nil && absurd.targets.power == nil && absurd.targets.cadence == nil)
        let messages = imported.warnings.map(\.message)
        #expect(messages.count == 3 && messages[0].hasPrefix("the power target 1200% cannot be kept (1200% is out of range"), "\(messages)")
        #expect(messages[2] == "the power \(huge) is not a fraction of FTP pacer can use: the step has no target", "\(messages)")
        #expect(messages[1] == "the cadence 1e5 is not a number of rpm pacer can use: the step has no cadence target", "\(messages)")
    }

    @Test func theWrittenFileIsAsPacerFmtLaysItOut() throws {
        let imported = try Self.imported(Self.full)
        let root = try JSONParser.parse(Array(imported.json.utf8))
        #expect(WorkoutLayout.text(of: root) == imported.json)
    }
}
