import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// ERG and MRC course files: steps, ramps, merged steps, LAP rows, texts and their errors.
@Suite struct CourseFileReaderTests {
    static func imported(_ text: String, _ format: WorkoutFormat = .erg) throws -> ImportedWorkout {
        try WorkoutImport.read(Array(text.utf8), format: format, name: "course")
    }

    /// Minutes and values of a course, as rows.
    static func course(_ rows: [(Double, Double)], header: String = "", unit: String = "WATTS", text: String = "") -> String {
        "[COURSE HEADER]\r\n\(header)MINUTES \(unit)\r\n[END COURSE HEADER]\r\n[COURSE DATA]\r\n"
            + rows.map { "\(JSONText.number($0.0))\t\(JSONText.number($0.1))\r\n" }.joined() + "[END COURSE DATA]\r\n" + text
    }

    @Test func flatPairsAreStepsSlopesRampsAndEqualNeighboursOne() throws {
        let rows: [(Double, Double)] = [
            (0, 100), (10, 200), (10, 250), (15, 250), (20, 250), (20, 120), (22.5, 120), (22.5, 180), (30, 90),
        ]
        let imported = try Self.imported(Self.course(rows, header: "FTP = 250\r\n"))
        let minutes = rows.last!.0 - rows.first!.0
        #expect(Plan(imported.workout).planned == .seconds(Int64(minutes * 60)))
        let steps = imported.workout.steps.compactMap { step -> TimedStep? in if case .timed(let timed) = step { timed } else { nil } }
        #expect(steps.count == 4, "a ramp, one step of 10 minutes at 250 W, a rest, a ramp")
        #expect(steps.map(\.kind) == [.warmup, .work, .rest, .cooldown])
        #expect(steps[0].targets.power == .same(.target(.watts, TargetSpan(start: TargetRange(100), end: TargetRange(200)))))
        #expect(steps[1].duration == .same(.seconds(Int64((20 - 10) * 60))))
        #expect(steps[1].targets.power == .same(.target(.watts, TargetSpan(TargetRange(250)))), "watts stay watts")
        #expect(steps[2].duration == .same(.seconds(150)))
        #expect(imported.workout.description == "Written for an FTP of 250 W.")
        #expect(imported.ftp == 250)
    }

    @Test func anExportedFilesFTPIsSaidOnceInTheDescription() throws {
        let rows: [(Double, Double)] = [(0, 100), (10, 100)]
        let exported = try Self.imported(Self.course(rows, header: "DESCRIPTION = Easy.  Written for an FTP of 250 W.\r\nFTP = 250\r\n"))
        #expect(exported.workout.description == "Easy.  Written for an FTP of 250 W.")
        let other = try Self.imported(Self.course(rows, header: "DESCRIPTION = Written for an FTP of 200 W.\r\nFTP = 250\r\n"))
        #expect(other.workout.description == "Written for an FTP of 200 W.\n\nWritten for an FTP of 250 W.")
    }

    @Test func mrcValuesArePercentagesAndRepeatedIntervalsFold() throws {
        var rows: [(Double, Double)] = []
        let (on, off, count) = (2.0, 1.0, 5)
        for round in 0..<count {
            let start = Double(round) * (on + off)
            rows += [(start, 105), (start + on, 105), (start + on, 50), (start + on + off, 50)]
        }
        let imported = try Self.imported(Self.course(rows, unit: "PERCENT"), .mrc)
        #expect(Plan(imported.workout).planned == .seconds(Int64(Double(count) * (on + off) * 60)))
        guard imported.workout.steps.count == 1, case .repeated(let block) = imported.workout.steps[0],
            case .timed(let hard) = block.steps[0]
        else {
            Issue.record("five identical rounds should be one repeat: \(imported.workout.steps)")
            return
        }
        #expect(block.count == count)
        #expect(hard.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(105)))))
    }

    @Test func aLapRowKeepsEqualStepsApartAndDoubleSpacedHeadersRead() throws {
        let text =
            "[COURSE  HEADER]\nFILE NAME = tempo.erg\nDESCRIPTION = Two blocks\nMINUTES  WATTS\n[END COURSE  HEADER]\n[COURSE  DATA]\n0 200\n5 200\nLAP\n5 200\n10 200\n[END COURSE  DATA]\n"
        let imported = try Self.imported(text)
        #expect(imported.workout.name == "tempo" && imported.workout.description == "Two blocks")
        #expect(Plan(imported.workout).phases.map(\.duration) == [.seconds(300), .seconds(300)])
    }

    @Test func courseTextsAreCuesAtTheirSecondsFromTheStart() throws {
        let rows: [(Double, Double)] = [(0, 150), (5, 150), (5, 300), (6, 300)]
        let imported = try Self.imported(
            Self.course(rows, text: "[COURSE TEXT]\n30\tSpin up\t5\n300\tGo!\t10\n330\tHold\n999\tLate\n[END COURSE TEXT]\n"))
        guard case .timed(let easy) = imported.workout.steps[0], case .timed(let hard) = imported.workout.steps[1] else { return }
        #expect(easy.cues == [WrittenCue(at: .afterStart(.seconds(30)), text: "Spin up")])
        #expect(hard.cue == .same("Go!") && hard.cues == [WrittenCue(at: .afterStart(.seconds(330 - 300)), text: "Hold")])
        #expect(
            imported.warnings.map(\.description) == [
                "14:1: warning: the text \"Late\" comes 16m 39s in, after the workout has ended: dropped"
            ])
    }

    @Test func badRowsAreRefusedAtTheirLineAndColumn() {
        func refusal(_ text: String) -> String? {
            do {
                _ = try WorkoutImport.read(Array(text.utf8), format: .erg, name: "x")
                return nil
            } catch { return error.diagnostics.first?.description }
        }
        #expect(
            refusal("[COURSE DATA]\n0 100\n5   1OO\n")
                == "3:5: error: \"1OO\" is not a number: a row of [COURSE DATA] is the minutes and the watts, such as 5.00 200")
        #expect(refusal("[COURSE DATA]\n0 100\n5 100\n4 100\n")?.hasPrefix("4:1: error: the course goes back in time") ?? false)
        #expect(
            refusal("0 100\n[COURSE DATA]\n")
                == "1:1: error: this line comes before any section: a course file starts with [COURSE HEADER] or [COURSE DATA]")
        #expect(refusal("[COURSE DATA]\n0 100\n") == "1:1: error: the [COURSE DATA] has one row: a course needs two, its start and its end")
        #expect(refusal("[COURSE DATA]\n0 100\n0 200\n")?.contains("lasts no time") ?? false)
    }

    @Test func aZeroWattStepKeepsNoTargetAndSaysSo() throws {
        let imported = try Self.imported(Self.course([(0, 0), (1, 0), (1, 200), (2, 200)]))
        guard case .timed(let idle) = imported.workout.steps[0] else { return }
        #expect(idle.targets.power == nil)
        #expect(
            imported.warnings.first?.description.hasPrefix("5:1: warning: the power target 0 W cannot be kept") ?? false,
            "\(imported.warnings)")
    }
}
