import PacerFormats
import PacerFoundation
import PacerWorkout
import Testing

/// A file read without its timed texts (`ImportedTexts.skipped`, as `pacer list` reads) is the same
/// workout but for its cues: the same phases, lengths, name and tags (issue 41, item 4).
@Suite struct ImportedTextsTests {
    static let zwo = """
        <workout_file><name>Texts</name><sportType>bike</sportType><tags><tag name="HILLS"/></tags><workout>
        <Warmup Duration="300" PowerLow="0.4" PowerHigh="0.7"><textevent timeoffset="0" message="Easy"/><textevent timeoffset="120" message="Spin up"/></Warmup>
        <IntervalsT Repeat="4" OnDuration="30" OffDuration="30" OnPower="1.2" OffPower="0.5"><textevent timeoffset="90" message="Round two"/></IntervalsT>
        <SteadyState Duration="60" Power="0.7"><textevent timeoffset="600" message="Past the end"/><textevent message=""/></SteadyState>
        <SteadyState Duration="60" Power="0.7"><bogus/></SteadyState>
        </workout></workout_file>
        """
    static let erg = """
        [COURSE HEADER]
        MINUTES WATTS
        [END COURSE HEADER]
        [COURSE DATA]
        0\t100
        5\t200
        5\t250
        10\t250
        [END COURSE DATA]
        [COURSE TEXT]
        0\tGo\t5
        330\tHold it\t5
        not a row
        9999\tAfter the end\t5
        [END COURSE TEXT]
        """

    @Test(arguments: [(zwo, WorkoutFormat.zwo), (erg, .erg)])
    func aFileReadWithoutItsTextsIsTheSameWorkoutButForItsCues(text: String, format: WorkoutFormat) throws {
        let kept = try WorkoutImport.read(Array(text.utf8), format: format, name: "x")
        let skipped = try WorkoutImport.read(Array(text.utf8), format: format, name: "x", texts: .skipped)
        let (whole, outline) = (Plan(kept.workout), Plan(skipped.workout))
        #expect(whole.phases.contains { $0.cue != nil || !$0.cues.isEmpty }, "the file has texts to skip")
        #expect(!outline.phases.contains { $0.cue != nil || !$0.cues.isEmpty })
        #expect(outline.phases.count == whole.phases.count && outline.planned == whole.planned)
        #expect(outline.phases.map(\.kind) == whole.phases.map(\.kind) && outline.phases.map(\.duration) == whole.phases.map(\.duration))
        #expect(outline.phases.map(\.targets) == whole.phases.map(\.targets))
        #expect(skipped.workout.name == kept.workout.name && skipped.workout.tags == kept.workout.tags)
        #expect(
            kept.warnings.contains { $0.message.contains("text") } && !skipped.warnings.contains { $0.message.contains("text") },
            "the texts' own warnings go with them: \(skipped.warnings)")
    }
}
