import PacerCore
@testable import PacerFormats
import Testing

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
                <Cooldown Duration="420" PowerLow="0.7" PowerHigh="0.3"/>
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
              case .repeated(let ranges) = workout.steps[4], case .timed(let cooldown) = workout.steps[8] else {
            Issue.record("unexpected steps: \(workout.steps)")
            return
        }
        #expect(warmup.kind == .warmup)
        #expect(warmup.targets.power == .same(.target(.ftp, TargetSpan(start: TargetRange(25), end: TargetRange(75)))))
        #expect(warmup.targets.cadence == .same(CadenceTarget(span: TargetSpan(TargetRange(85)))))
        #expect(intervals.count == 5 && intervals.steps.count == 2)
        guard case .timed(let on) = intervals.steps[0], case .timed(let off) = intervals.steps[1],
              case .timed(let onRange) = ranges.steps[0] else { return }
        #expect(on.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(120)))))
        #expect(off.kind == .rest && off.targets.cadence == .same(CadenceTarget(span: TargetSpan(TargetRange(80)))))
        #expect(onRange.targets.power == .same(.target(.ftp, TargetSpan(TargetRange(105, 110)))))
        #expect(ranges.count == 3)
        #expect(cooldown.targets.power == .same(.target(.ftp, TargetSpan(start: TargetRange(70), end: TargetRange(30)))))
    }

    @Test func textEventsBecomeCuesAtTheirOffsets() throws {
        let workout = try Self.imported(Self.full).workout
        guard case .timed(let steady) = workout.steps[1] else { return }
        #expect(steady.cue == .same("Settle in"))
        #expect(steady.cues == [WrittenCue(at: .afterStart(.seconds(120)), text: "Two minutes gone")])
    }
}
