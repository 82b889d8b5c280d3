import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// The decoder's findings on an imported workout point at the step in the source file they are
/// about (its line and column, or a FIT message's byte), not at a JSON path of the written file.
@Suite struct ImportFindingPlaceTests {
    static let backToBack = "two rests back to back: this rest follows the one that ends steps[1]; make them one rest"

    static func warnings(_ text: String, _ format: WorkoutFormat) throws -> [Diagnostic] {
        try WorkoutImport.read(Array(text.utf8), format: format, name: "Rests").warnings
    }

    @Test func aZwiftStepsWarningIsAtItsElement() throws {
        let zwo = """
            <workout_file><name>Rests</name><workout>
              <SteadyState Duration="60" Power="0.9"/>
              <SteadyState Duration="60" Power="0.5"/>
              <SteadyState Duration="30" Power="0.4"/>
            </workout></workout_file>
            """
        #expect(
            try Self.warnings(zwo, .zwo) == [Diagnostic(.source(SourcePosition(line: 4, column: 3)), Self.backToBack, severity: .warning)])
    }

    @Test func anERGStepsWarningIsAtTheRowItStartsOn() throws {
        let erg = CourseFileReaderTests.course([(0, 90), (1, 90), (1, 50), (2, 50), (2, 40), (3, 40)], unit: "PERCENT")
        #expect(
            try Self.warnings(erg, .erg) == [Diagnostic(.source(SourcePosition(line: 9, column: 1)), Self.backToBack, severity: .warning)])
    }

    @Test func anIcuStepsWarningIsAtItsLine() throws {
        let icu = "- 1m 90%\n- 1m 50%\n- 30s 40%\n"
        #expect(
            try Self.warnings(icu, .icu) == [Diagnostic(.source(SourcePosition(line: 3, column: 3)), Self.backToBack, severity: .warning)])
    }

    @Test func aFITStepsWarningIsAtItsMessagesByte() throws {
        var file = FITEncoding()
        file.append(message: .fileID, [.enumeration(0, 5), .uint16(1, 255), .uint16(2, 0)])
        file.append(message: .workout, [.string(8, "Rests")])
        for (index, (milliseconds, intensity)) in [(60_000, 0), (30_000, 1), (20_000, 1)].enumerated() {
            file.append(
                message: .workoutStep,
                [
                    .uint16(254, UInt16(index)), .enumeration(1, 0), .uint32(2, UInt32(milliseconds)), .enumeration(3, 2),
                    .enumeration(7, UInt8(intensity)),
                ])
        }
        let steps = try FITMessages(file.bytes, keeping: [.workoutStep]).messages
        let warnings = try WorkoutImport.read(file.bytes, format: .fit, name: "Rests").warnings
        #expect(warnings == [Diagnostic(.file, "at byte \(steps[2].offset): \(Self.backToBack)", severity: .warning)])
    }

    @Test func aFindingInsideARepeatIsAtTheStepThatHoldsIt() throws {
        // The second round's step repeats the first's, so the cues of each round are said in it.
        let icu = "- 1m 90%\n3x\n- 30s 40%\n- 20s 30%\n"
        let imported = try WorkoutImport.read(Array(icu.utf8), format: .icu, name: "Nested")
        #expect(imported.warnings.map(\.location) == [.source(SourcePosition(line: 4, column: 3))], "\(imported.warnings)")
    }

    @Test func aPacerYAMLStepsWarningIsAtItsNode() throws {
        let yaml = "name: Rests\nsteps:\n  - work: 60\n  - rest: 30\n  - rest: 20\n"
        let warnings = try Self.warnings(yaml, .yaml)
        #expect(warnings.count == 1 && warnings[0].message == Self.backToBack, "\(warnings)")
        guard case .source(let position)? = warnings.first?.location else {
            Issue.record("the warning is not at a line: \(warnings)")
            return
        }
        #expect(position.line == 5)
    }
}
