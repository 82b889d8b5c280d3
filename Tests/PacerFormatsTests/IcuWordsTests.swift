import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// Every word of an intervals.icu step line read or warned about, prompts and titles, the phase
/// limit, and export → import giving the same phases back.
@Suite struct IcuWordsTests {
    static func imported(_ text: String) throws(WorkoutErrors) -> ImportedWorkout {
        try IcuTextReaderTests.imported(text)
    }

    static func timed(_ workout: Workout) -> [TimedStep] {
        Plan(workout).phases.isEmpty ? [] : workout.steps.compactMap(IcuTextReaderTests.timed)
    }

    @Test func aPaceRangeReadsInEitherOrder() throws {
        let steps = Self.timed(try Self.imported("- 10m 6:00-5:30/km Pace\n- 10m 5:30-6:00/km Pace\n").workout)
        let pace = try PaceTarget(parsing: "5:30-6:00/km")
        #expect(steps.count == 2 && steps.allSatisfy { $0.targets.pace == .same(pace) })
    }

    @Test func aTitleLineBeforeABlankLineIsTheDescriptionNotEveryStepsName() throws {
        let imported = try Self.imported("Tuesday threshold\n\n- 10m 60%\n- 5m 95%\n")
        #expect(imported.workout.description == "Tuesday threshold")
        #expect(Self.timed(imported.workout).allSatisfy { $0.name == nil })
    }

    @Test func wordsIntervalsIcuDefinesAreRead() throws {
        let text = "- 9m Z2 press lap\n- RPE9 - not quite all out 2m 300w\n- 1m 60% MMP 5m\n- 5m 90% RPE 6\n"
        let imported = try Self.imported(text)
        let steps = Self.timed(imported.workout)
        #expect(steps[0].duration == nil && steps[0].target == .seconds(540), "press lap: an open step with its time to beat")
        #expect(steps[1].name == .same("not quite all out") && steps[1].cue == .same("RPE 9"))
        #expect(steps[2].targets.power == nil && steps[2].cue == nil, "MMP and its duration are one target, warned")
        #expect(steps[3].cue == .same("RPE 6") && steps[3].targets.power == .same(.target(.ftp, TargetSpan(TargetRange(90)))))
        #expect(
            imported.warnings.map(\.description) == [
                "3:6: warning: a share of a mean maximal power (MMP) is not a target pacer has: the step has no power target"
            ])
    }

    @Test func wordsThatLookLikeTargetsAreReadOrWarnedAtTheirColumn() throws {
        let imported = try Self.imported("Sport: Run\n- 4x 200m 95% pace 30s rest\n- 30s 150%+\n- 5m CZ2\n- 5m 60% 3x3\n")
        let warnings = imported.warnings.map(\.description)
        guard case .repeated(let repeatStep) = imported.workout.steps.first, repeatStep.steps.count == 2,
            let run = IcuTextReaderTests.timed(repeatStep.steps[0]), let rest = IcuTextReaderTests.timed(repeatStep.steps[1])
        else {
            Issue.record("a repeat of a run and a rest: \(imported.workout.steps)")
            return
        }
        let pace = try PaceTarget(parsing: "95%")
        #expect(run.distance == .same("200 m") && run.targets.pace == .same(pace))
        #expect(rest.kind == .rest && rest.duration == .same(.seconds(30)))
        #expect(warnings.contains { $0.contains("warning: 30s rest is read as a rest step") })
        #expect(Self.timed(imported.workout).first?.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(150)))))
        #expect(warnings.contains { $0.hasPrefix("3:7: warning: 150%+ (150 % or more) is read as 150%") })
        #expect(warnings.contains { $0.hasPrefix("4:6: warning: CZ2 is one of the custom zones") })
        #expect(warnings.contains { $0.hasPrefix("5:10: warning: 3x3 is no target or length pacer reads here") })
    }

    @Test func timedPromptsAreCuesAndAPromptEndsAtItsMark() throws {
        let step = Self.timed(try Self.imported("- First prompt 33^Second prompt at 33s <!> 10m ramp 50-75%\n").workout).first
        #expect(step?.name == .same("First prompt") && step?.duration == .same(.seconds(600)))
        #expect(step?.cues == [WrittenCue(at: .afterStart(.seconds(33)), text: "Second prompt at 33s")])
    }

    @Test func aFileOverThePhaseLimitIsRefusedAtTheLineThatPassesIt() {
        let line = "- 1000x 1s 80%, 1s 40%\n"
        let text = String(repeating: line, count: Plan.maximumPhases / 2000 + 1)
        let refusal = IcuTextReaderTests.refusal(text)
        #expect(refusal?.contains("error: the workout expands to more than \(Plan.maximumPhases) phases") == true, "\(refusal ?? "read")")
    }

    /// Names that read as a length, a distance or a repeat, cues and timed cues, a rest named
    /// otherwise and a repeat over 1,000 rounds come back from intervals.icu text as they were.
    @Test func exportThenImportGivesTheSamePhases() throws {
        let json = """
            {"pacer":1,"name":"Names","steps":[
              {"work":"30s","name":"30s all-out","power":"150%"},
              {"rest":"1m","name":"Tempo 2km","power":"50%"},
              {"work":"2m","name":"4x","cue":"Stay seated, then go","cues":[{"at":"1m","text":"Sprint 10s!"}]},
              {"rest":"1m"},
              {"repeat":1500,"steps":[{"work":"1s","power":"80%"},{"rest":"1s","power":"40%"}]}]}
            """
        let workout = try WorkoutDecoder.decode(Array(json.utf8))
        let exported = try WorkoutExport.write(workout, as: .icu)
        let back = try WorkoutImport.read(exported.bytes, format: .icu, name: "Names")
        let phases = { (workout: Workout) in
            Plan(workout).phases.map { "\($0.kind) \($0.name) \($0.duration?.seconds ?? -1) \($0.targets) \($0.cue ?? "") \($0.cues)" }
        }
        #expect(phases(back.workout) == phases(workout))
        #expect(exported.warnings.isEmpty && back.warnings.isEmpty, "\(exported.warnings) \(back.warnings)")
    }
}
