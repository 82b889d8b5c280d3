import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// intervals.icu workout text: sections, repeats, lengths, targets, the `400m` rule and its errors.
@Suite struct IcuTextReaderTests {
    static func imported(_ text: String) throws(WorkoutErrors) -> ImportedWorkout {
        try WorkoutImport.read(Array(text.utf8), format: .icu, name: "icu")
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try imported(text)
            return nil
        } catch { return error.diagnostics.first?.description }
    }

    static func timed(_ step: Step?) -> TimedStep? {
        if case .timed(let timed)? = step { timed } else { nil }
    }

    @Test func sectionsRepeatAndTheirTimesAddUp() throws {
        let (warmup, on, off, rounds, cooldown) = (10 * 60, 3 * 60, 2 * 60, 5, 8 * 60)
        let text =
            "Easy spin first.\n\nWarmup\n- 10m ramp 50%-75% 90rpm\n\nMain Set \(rounds)x\n- 3m 120% 100rpm\n- 2m Z1\n\nCooldown\n- 8m 50-40%\n"
        let imported = try Self.imported(text)
        #expect(Plan(imported.workout).planned == .seconds(Int64(warmup + rounds * (on + off) + cooldown)))
        #expect(imported.workout.description == "Easy spin first.")
        let steps = imported.workout.steps
        guard steps.count == 3, let first = Self.timed(steps[0]), case .repeated(let main) = steps[1], let last = Self.timed(steps[2])
        else {
            Issue.record("a warm-up, a repeat and a cool-down: \(steps)")
            return
        }
        #expect(first.kind == .warmup && first.name == .same("Warmup"))
        #expect(first.targets.power == .same(.target(.ftp, TargetSpan(start: TargetRange(50), end: TargetRange(75)))))
        let cadence = try CadenceTarget(parsing: "90 rpm")
        #expect(first.targets.cadence == .same(cadence))
        #expect(main.count == rounds && main.name == "Main Set" && main.steps.count == 2)
        #expect(
            Self.timed(main.steps[1])?.kind == .rest
                && Self.timed(main.steps[1])?.targets.power == .same(.target(.zone, TargetSpan(TargetRange(1)))))
        #expect(
            last.kind == .cooldown && last.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(40, 50)))),
            "50-40% is a range, not a ramp")
    }

    @Test func lengthsInEveryFormAddUp() throws {
        let text = "- 1h2m30s 60%\n- 1m30 200w\n- 5' 70%\n- 1'30\" 80%\n- 45s freeride\n"
        let imported = try Self.imported(text)
        let seconds = (3600 + 2 * 60 + 30) + (60 + 30) + 5 * 60 + (60 + 30) + 45
        #expect(Plan(imported.workout).planned == .seconds(Int64(seconds)))
        #expect(Self.timed(imported.workout.steps[1])?.targets.power == .same(.target(.watts, TargetSpan(TargetRange(200)))))
        #expect(Self.timed(imported.workout.steps.last)?.targets.power == .same(.freeRide))
    }

    @Test func anInlineRepeatTakesACommaListAndAStandaloneCountItsSection() throws {
        let (rounds, on, off) = (4, 30, 15)
        let text = "- \(rounds)x \(on)s 120%, \(off)s 50%\n\n3x\n- 1m 95%\n- 1m 55%\n"
        let imported = try Self.imported(text)
        #expect(Plan(imported.workout).planned == .seconds(Int64(rounds * (on + off) + 3 * (60 + 60))))
        guard case .repeated(let inline) = imported.workout.steps[0], case .repeated(let section) = imported.workout.steps[1] else {
            Issue.record("two repeats: \(imported.workout.steps)")
            return
        }
        #expect(inline.count == rounds && inline.steps.count == 2 && section.count == 3 && section.name == nil)
    }

    @Test func textBeforeTheLengthNamesTheStepAndTextAfterItIsItsCue() throws {
        let imported = try Self.imported("- Recovery spin 30s 50% keep it easy\n- High cadence! 4m 75% 100-110rpm\n")
        let (easy, fast) = (Self.timed(imported.workout.steps[0]), Self.timed(imported.workout.steps[1]))
        #expect(easy?.name == .same("Recovery spin") && easy?.cue == .same("keep it easy") && easy?.kind == .rest)
        let cadence = try CadenceTarget(parsing: "100-110 rpm")
        #expect(fast?.name == .same("High cadence!") && fast?.targets.cadence == .same(cadence))
    }

    /// Issue 42, item 8: only power decided a rest, so a run's or a heart-rate ride's recoveries were work.
    @Test func aRecoveryByPaceOrHeartRateIsARest() throws {
        let text = "- 5m Z3 Pace\n- 2m Z1 Pace\n- 5m 90% LTHR\n- 3m 70% HR\n- 3m 75% Pace\n- 3m 4:00/km Pace\n"
        let kinds = try Self.imported(text).workout.steps.compactMap(Self.timed).map(\.kind)
        #expect(kinds == [.work, .rest, .work, .rest, .rest, .work])
    }

    @Test func heartRateAndPaceTargetsReadTheirWords() throws {
        let text = "- 10m 70-75% HR\n- 5m 95% LTHR\n- 5m Z2 HR\n- 2km 90% Pace\n- 1mi 4:20-4:40/km Pace\n- 1km Z3 Pace\n- 3m 140-150bpm\n"
        let steps = try Self.imported(text).workout.steps.compactMap(Self.timed)
        let heartRates = try ["70-75% max", "95% LTHR", "Z2", "140-150 bpm"].map { PerRound.same(try HeartRateTarget(parsing: $0)) }
        #expect([steps[0], steps[1], steps[2], steps[6]].map(\.targets.heartRate) == heartRates)
        #expect(steps[3...5].allSatisfy { $0.targets.heartRate == nil && $0.targets.power == nil })
        let paces = try ["90%", "4:20-4:40/km", "Z3"].map { PerRound.same(try PaceTarget(parsing: $0)) }
        #expect(steps[3...5].map(\.targets.pace) == paces)
        #expect(steps[3...5].map(\.distance) == [.same("2 km"), .same("1 mi"), .same("1 km")] && steps[3].duration == nil)
    }

    @Test func fourHundredMIsMetresInARunAndTheWarningSaysSo() throws {
        let text = "Sport: Run\n- 10m Z2 Pace\n6x\n- 400m 105% Pace\n- 100m 60% Pace\n"
        let imported = try Self.imported(text)
        guard case .repeated(let block) = imported.workout.steps[1], let hard = Self.timed(block.steps[0]) else {
            Issue.record("a warm-up and a repeat: \(imported.workout.steps)")
            return
        }
        #expect(hard.duration == nil && hard.distance == .same("400 m"), "an open step of 400 metres, never 400 minutes")
        #expect(
            Self.timed(block.steps[1])?.distance == .same("100 m"), "in a run, 100m is metres though 100 minutes would be under two hours")
        #expect(Self.timed(imported.workout.steps[0])?.duration == .same(.seconds(10 * 60)), "10m in a run stays ten minutes")
        let warnings = imported.warnings.map(\.description)
        #expect(
            warnings.contains(
                "4:3: warning: 400m is read as 400 metres, not minutes (this is a run or a swim): an open step with that distance; write 400mtr to say so, or 6.67h for the time"
            ), "\(warnings)")
        #expect(
            warnings.contains { $0.hasPrefix("2:3: warning: 10m is read as 10 minutes") }, "a run's minutes are never silent: \(warnings)")
        let one = try Self.imported("Sport: Run\n- 1m Z2 Pace\n").warnings.map(\.description)
        #expect(
            one.contains { $0.hasPrefix("2:3: warning: 1m is read as 1 minute, as intervals.icu") }, "one minute, not 1 minutes: \(one)")
        #expect(imported.workout.tags == ["run"])
    }

    @Test func aBareMinutesStepOverTwoHoursIsMetresInARideToo() throws {
        let imported = try Self.imported("- 400m 60%\n- 120m 60%\n")
        #expect(Self.timed(imported.workout.steps[0])?.distance == .same("400 m"))
        #expect(Self.timed(imported.workout.steps[1])?.duration == .same(.seconds(120 * 60)), "two hours is still minutes")
        #expect(
            imported.warnings.first?.description.contains("as minutes it would be a step of 6.67 hours") ?? false, "\(imported.warnings)")
    }

    @Test func distancesInMetresKilometresAndMiles() throws {
        let steps = try Self.imported("- 500mtr 80%\n- 1.5km 80%\n- 2mi 80%\n").workout.steps.compactMap(Self.timed)
        #expect(steps.map { $0.distance?.value(inRound: nil) } == ["500 m", "1.5 km", "2 mi"])
        #expect(steps.allSatisfy { $0.duration == nil })
    }

    @Test func whatPacerCannotCarryIsAWarning() throws {
        let imported = try Self.imported("- 1h Z2-Z3\n- 1h 60% MMP\n- 1h ramp 60-70% Pace\n- 1h 5:00 Pace\n")
        let warnings = imported.warnings.map(\.description)
        #expect(warnings.count == 4, "\(warnings)")
        #expect(warnings[0] == "1:6: warning: a range of zones is not a target pacer has: Z2 is kept")
        #expect(warnings[1].hasPrefix("2:6: warning: a share of a mean maximal power"))
        #expect(warnings[2] == "3:11: warning: pacer ramps only power: this pace is a range over the whole step")
        #expect(warnings[3].hasPrefix("4:6: warning: the pace 5:00 says per what"))
    }

    @Test func badLinesAreRefusedAtTheirLineAndColumn() {
        #expect(
            Self.refusal("Warmup\n  - easy 60%\n")
                == "2:5: error: this step says no length: write a time (10m, 30s, 1h2m30s) or a distance (400mtr, 2km, 1mi) before its targets"
        )
        #expect(Self.refusal("Main 0x\n- 1m 90%\n") == "1:6: error: 0x is not a number of rounds from 1 to 1000")
        #expect(Self.refusal("- 5000x 1m 90%, 1m 50%\n") == "1:3: error: 5000x is not a number of rounds from 1 to 1000")
        #expect(Self.refusal("- 25h 60%\n") == "1:3: error: 25h is longer than a step may last (24 hours)")
        #expect(
            Self.refusal("Just words\n")
                == "1:1: error: the file has no steps: intervals.icu writes each as a line starting with \"- \", such as - 10m 60%")
        #expect(Self.refusal("-\n") == "1:1: error: this step is empty: write it as - 10m 60%")
    }

    // Issue 41, item 18: a length under a millisecond was "shorter than a step may last (a second)",
    // though half a second is a step; the message is now every reader's (`ImportedValues.lengthProblem`).
    @Test func aLengthUnderAMillisecondIsTooShortAsEveryReaderSays() throws {
        #expect(Self.refusal("- 0.0004s 60%\n") == "1:3: error: 0.0004s is too short for a step, which lasts at least a millisecond")
        #expect(Self.refusal("- 24h0m0.1s 60%\n") == "1:3: error: 24h0m0.1s is longer than a step may last (24 hours)")
        let phases = Plan(try Self.imported("- 0.5s 60%\n- 30.0000001s 50%\n").workout).phases
        #expect(
            phases.map(\.duration) == [.init(milliseconds: 500), .seconds(30)], "half a second is a step; float noise is no millisecond")
    }

    @Test func detectionTakesPlainIcuTextAndNeverJSONOrNotation() {
        #expect(WorkoutFormat.detect(Array("Warmup\n- 10m 60%\n".utf8), path: "w.txt") == .icu)
        #expect(WorkoutFormat.detect(Array("{\"name\": \"- 10m\"}\n- 10m 60%\n".utf8), path: "w.txt") == nil)
        #expect(WorkoutFormat.detect(Array("8x(20s, 10s rest)\n".utf8), path: "w.txt") == nil)
        #expect(
            WorkoutFormat.detect(Array("- buy milk\n- 10m 60%\n".utf8), path: "w.txt") == nil,
            "a list with no length on a line is not a workout")
        #expect(WorkoutFormat.detect(Array("notes\n".utf8), path: "w.txt") == nil, ".txt alone says nothing")
        #expect(WorkoutFormat.extensionFormat(of: "w.txt") == nil && WorkoutFormat.importExtension(of: "w.TXT") == "txt")
    }

    /// The refusal a target's text gets from its parser.
    static func refusal(of make: () throws(TargetError) -> Void) -> String {
        do {
            try make()
            return "no refusal"
        } catch { return error.description }
    }

    @Test func aTargetOutOfRangeIsRefusedAsItsTextWouldBe() throws {
        let cases: [(line: String, kind: String, text: String, refusal: String)] = [
            ("- 5m 1500%", "power", "1500%", Self.refusal { () throws(TargetError) in _ = try PowerTarget(parsing: "1500%") }),
            ("- 5m 4000W", "power", "4000 W", Self.refusal { () throws(TargetError) in _ = try PowerTarget(parsing: "4000 W") }),
            (
                "- 5m ramp 50-1200%", "power", "ramp 50-1200%",
                Self.refusal { () throws(TargetError) in _ = try PowerTarget(parsing: "ramp 50-1200%") }
            ),
            ("- 5m Z9", "power", "Z9", Self.refusal { () throws(TargetError) in _ = try PowerTarget(parsing: "Z9") }),
            (
                "- 5m 300bpm", "heart-rate", "300 bpm",
                Self.refusal { () throws(TargetError) in _ = try HeartRateTarget(parsing: "300 bpm") }
            ),
            (
                "- 5m 200% HR", "heart-rate", "200% max",
                Self.refusal { () throws(TargetError) in _ = try HeartRateTarget(parsing: "200% max") }
            ),
            (
                "- 5m 160-200% LTHR", "heart-rate", "160-200% LTHR",
                Self.refusal { () throws(TargetError) in _ = try HeartRateTarget(parsing: "160-200% LTHR") }
            ),
            ("- 5m Z7 HR", "heart-rate", "Z7", Self.refusal { () throws(TargetError) in _ = try HeartRateTarget(parsing: "Z7") }),
            ("- 5m 200% Pace", "pace", "200%", Self.refusal { () throws(TargetError) in _ = try PaceTarget(parsing: "200%") }),
            ("- 5m 300rpm", "cadence", "300 rpm", Self.refusal { () throws(TargetError) in _ = try CadenceTarget(parsing: "300 rpm") }),
        ]
        for (line, kind, text, refusal) in cases {
            #expect(refusal != "no refusal", "\(text)")
            let warnings = try Self.imported(line).warnings.map(\.message)
            #expect(warnings.contains("the \(kind) target \(text) cannot be kept (\(refusal)): the step has none"), "\(line): \(warnings)")
        }
    }
}
