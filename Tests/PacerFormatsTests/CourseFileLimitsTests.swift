import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// ERG and MRC files as their writers mean them: steps counted before they are built, float noise
/// in the minutes, GoldenCheetah's `4 LAP` rows, the `FTP =` the file was written for, and cues
/// that belong to one round of a repeated interval (issues 41 and 42).
@Suite struct CourseFileLimitsTests {
    static func timed(_ step: Step?) -> TimedStep? {
        if case .timed(let timed) = step { timed } else { nil }
    }

    @Test func aCoursePastThePhaseLimitIsRefusedWithItsCount() {
        let rows = (0...100_001).map { (Double($0), Double($0 % 2 == 0 ? 100 : 200)) }
        #expect(
            HostileInputTests.refusal(CourseFileReaderTests.course(rows), .erg)
                == "5:1: error: the [COURSE DATA] expands to 100001 phases; a workout has at most 100000: split it into shorter workouts")
    }

    @Test func floatNoiseInTheMinutesIsOneMoment() throws {
        let rows: [(Double, Double)] = [(0, 100), (4.999999999, 100), (5, 200), (10, 200), (10.0000001, 150), (15, 150)]
        let imported = try CourseFileReaderTests.imported(CourseFileReaderTests.course(rows))
        #expect(
            imported.workout.steps.compactMap(Self.timed).map(\.duration) == [
                .same(.seconds(300)), .same(.seconds(300)), .same(.seconds(300)),
            ])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    @Test func aGapUnderASecondIsAJumpWithAWarning() throws {
        let rows: [(Double, Double)] = [(0, 100), (4.99, 100), (5, 200), (10, 200)]
        let imported = try CourseFileReaderTests.imported(CourseFileReaderTests.course(rows))
        #expect(imported.workout.steps.count == 2)
        #expect(
            imported.warnings.map(\.message) == [
                "from minute 4.99 to 5 is 0.6s, less than a second: read as a jump from one value to the next"
            ])
    }

    @Test func goldenCheetahsMinuteLapRowsPartSteps() throws {
        let text = """
            [COURSE HEADER]
            MINUTES PERCENT
            [END COURSE HEADER]
            [COURSE DATA]
            0\t60
            4\t60
            4 LAP
            4\t60
            8\t60
            8\tLAP
            8\t90
            10\t90
            [END COURSE DATA]
            """
        let imported = try CourseFileReaderTests.imported(text, .mrc)
        #expect(
            imported.workout.steps.compactMap(Self.timed).map(\.duration) == [
                .same(.seconds(240)), .same(.seconds(240)), .same(.seconds(120)),
            ])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    @Test func theFileSaysTheFTPItWasWrittenFor() throws {
        let imported = try CourseFileReaderTests.imported(CourseFileReaderTests.course([(0, 200), (10, 200)], header: "FTP = 250\r\n"))
        #expect(imported.ftp == 250)
        #expect(try CourseFileReaderTests.imported(CourseFileReaderTests.course([(0, 200), (10, 200)])).ftp == nil)
    }

    @Test func aCueOnTheFirstIntervalKeepsTheIntervalsOneRepeat() throws {
        var rows: [(Double, Double)] = [(0, 50), (4, 50)]
        for round in 0..<4 {
            let start = 4 + Double(round) * 3
            rows += [(start, 110), (start + 2, 110), (start + 2, 50), (start + 3, 50)]
        }
        rows += [(16, 40), (20, 40)]
        let texts = "[COURSE TEXT]\r\n240\tFirst of four\t10\r\n270\tHold it\t10\r\n[END COURSE TEXT]\r\n"
        let imported = try CourseFileReaderTests.imported(CourseFileReaderTests.course(rows, unit: "PERCENT", text: texts), .mrc)
        let steps = imported.workout.steps
        guard steps.count == 3, case .repeated(let block) = steps[1], let on = Self.timed(block.steps.first) else {
            Issue.record("4m, 4x(2m, 1m), 4m: \(steps)")
            return
        }
        #expect(block.count == 4 && on.cue == nil)
        #expect(
            on.cues == [
                WrittenCue(at: .afterStart(.zero), text: "First of four", round: 1),
                WrittenCue(at: .afterStart(.seconds(30)), text: "Hold it", round: 1),
            ])
        let phases = Plan(imported.workout).phases
        #expect(phases[1].cues.map(\.text) == ["First of four", "Hold it"] && phases[1].round == 1 && phases[1].rounds == 4)
        #expect(phases[3].cues.isEmpty)
    }

    @Test func courseTextsFallOnTheirStepsAcrossThousandsOfRows() throws {
        let count = 3000
        let rows: [(Double, Double)] = (0...count).flatMap { minute -> [(Double, Double)] in
            let watts = Double(100 + minute % 2 * 100)
            return [(Double(minute), watts), (Double(minute + 1), watts)]
        }
        let texts = "[COURSE TEXT]\r\n" + (0..<count).map { "\($0 * 60 + 15)\tText \($0)\t10\r\n" }.joined() + "[END COURSE TEXT]\r\n"
        let imported = try CourseFileReaderTests.imported(CourseFileReaderTests.course(rows, text: texts))
        let phases = Plan(imported.workout).phases
        #expect(phases.count == count + 1)
        #expect((0..<count).allSatisfy { index in phases[index].cues == [Cue(at: .seconds(15), text: "Text \(index)")] })
    }
}
