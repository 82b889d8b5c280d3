import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

@Suite struct ZwiftWriterTests {
    static func workout(_ json: String) throws -> Workout {
        try WorkoutDecoder.decodeWithWarnings(Array(json.utf8)).workout
    }

    static func zwo(_ json: String, ftp: Double? = nil) throws -> (text: String, warnings: [String]) {
        let exported = try WorkoutExport.write(try workout(json), as: .zwo, thresholds: TargetThresholds(ftp: ftp))
        return (String(decoding: exported.bytes, as: UTF8.self), exported.warnings)
    }

    static let intervals = """
        {"pacer":1,"name":"Over & under","steps":[
          {"warmup":"10m","power":"ramp 40-70%"},
          {"repeat":5,"steps":[{"work":"1m","power":"120%","cadence":"100 rpm"},{"rest":"90s","power":"50%","cadence":"80 rpm"}]},
          {"work":"3m","power":"Z3","heart_rate":"Z2"},
          {"cooldown":"5m","power":"ramp 60-30%"}]}
        """

    @Test func writesRampsIntervalsAndSteadySteps() throws {
        let (text, warnings) = try Self.zwo(Self.intervals)
        #expect(text.contains("<name>Over &amp; under</name>"))
        #expect(text.contains(#"<Warmup Duration="600" PowerLow="0.4" PowerHigh="0.7"/>"#))
        #expect(
            text.contains(
                #"<IntervalsT Repeat="5" OnDuration="60" OffDuration="90" OnPower="1.2" OffPower="0.5" Cadence="100" CadenceResting="80"/>"#
            ))
        #expect(text.contains(#"<SteadyState Duration="180" Power="0.83"/>"#), "Z3 is 76-90 %, its middle 83 %")
        #expect(text.contains(#"<Cooldown Duration="300" PowerLow="0.6" PowerHigh="0.3"/>"#))
        #expect(warnings.contains { $0.contains("Z3 as 83 % of FTP") })
        #expect(warnings.contains { $0.contains("no heart-rate targets") })
    }

    @Test func readsBackAsTheSameSteps() throws {
        let exported = try WorkoutExport.write(try Self.workout(Self.intervals), as: .zwo)
        let imported = try WorkoutImport.read(exported.bytes, format: .zwo, name: "x")
        let phases = Plan(imported.workout).phases
        #expect(phases.count == 1 + 5 * 2 + 2)
        #expect(phases.first?.kind == .warmup && phases.last?.kind == .cooldown)
        let seconds = phases.reduce(0) { $0 + ($1.duration?.seconds ?? 0) }
        #expect(seconds == 600 + 5 * (60 + 90) + 180 + 300)
    }

    @Test func wattsNeedFTP() throws {
        let json = #"{"pacer":1,"name":"W","steps":[{"work":"5m","name":"Push","power":"250 W"}]}"#
        #expect(throws: ExportRefusal.self) { try Self.zwo(json) }
        do {
            _ = try Self.zwo(json)
        } catch let refusal as ExportRefusal {
            #expect(refusal.message.contains("\"Push\"") && refusal.message.contains("--ftp"))
        }
        #expect(try Self.zwo(json, ftp: 200).text.contains(#"Power="1.25""#))
    }

    @Test func refusesRepStepsNamingThem() throws {
        let json = #"{"pacer":1,"name":"R","steps":[{"reps":10,"name":"Burpees"}]}"#
        do {
            _ = try Self.zwo(json)
            Issue.record("a rep step was written")
        } catch let refusal as ExportRefusal {
            #expect(refusal.message.contains("\"Burpees\" is a rep step of 10 reps"))
        }
        do {
            _ = try Self.zwo(#"{"pacer":1,"name":"R","steps":[{"reps":1,"name":"Clean"}]}"#)
            Issue.record("a rep step was written")
        } catch let refusal as ExportRefusal {
            #expect(refusal.message.contains("\"Clean\" is a rep step of 1 rep,"), "\(refusal.message)")
        }
    }

    @Test func refusesAnOpenRepeatNamingIt() throws {
        let json = #"{"pacer":1,"name":"R","steps":[{"repeat":"open","steps":[{"work":20,"name":"Hard"}]}]}"#
        do {
            _ = try Self.zwo(json)
            Issue.record("an open repeat was written")
        } catch let refusal as ExportRefusal {
            #expect(refusal.message.hasPrefix("\"Hard\" is part of an open repeat (round after round until you end it)"))
        }
    }

    @Test func escapesHostileText() throws {
        let json = #"{"pacer":1,"name":"<a href='x'>\u001b[31m","steps":[{"work":"30s","cue":"\"go\" & <stop>"}]}"#
        let text = try Self.zwo(json).text
        #expect(text.contains("<name>&lt;a href=&apos;x&apos;&gt;[31m</name>"))
        #expect(text.contains(#"message="&quot;go&quot; &amp; &lt;stop&gt;""#))
        let imported = try WorkoutImport.read(Array(text.utf8), format: .zwo, name: "x")
        #expect(Plan(imported.workout).phases[0].cue == "\"go\" & <stop>")
    }
}

extension ZwiftWriterTests {
    // Issue 42, item 7: a cue of one round keeps the block one IntervalsT, its text in that round.
    @Test func aCueOfOneRoundIsATextOfTheIntervalsTAtItsTime() throws {
        let json = """
            {"pacer":1,"name":"Rounds","steps":[{"repeat":4,"steps":[
              {"work":"1m","power":"120%","cues":[{"at":"10s","text":"Second: go","round":2}]},
              {"rest":"1m","power":"50%","cue":"Spin"}]}]}
            """
        let (text, _) = try Self.zwo(json)
        #expect(
            text.contains(
                """
                        <IntervalsT Repeat="4" OnDuration="60" OffDuration="60" OnPower="1.2" OffPower="0.5">
                            <textevent timeoffset="60" message="Spin"/>
                            <textevent timeoffset="130" message="Second: go"/>
                            <textevent timeoffset="180" message="Spin"/>
                            <textevent timeoffset="300" message="Spin"/>
                            <textevent timeoffset="420" message="Spin"/>
                        </IntervalsT>
                """), "\(text)")
        #expect(!text.contains("SteadyState"), "no round is written out: \(text)")
        let imported = try WorkoutImport.read(Array(text.utf8), format: .zwo, name: "x")
        #expect(imported.workout.steps.count == 1, "one repeat of 4 rounds")
        let (before, after) = (Plan(try Self.workout(json)).phases, Plan(imported.workout).phases)
        // A text at a round's start comes back as a cue at 0 s of that round: said as the step starts, as a step's cue is.
        let said = { (phase: Phase) in (phase.cue.map { [Cue(at: .zero, text: $0)] } ?? []) + phase.cues }
        #expect(after.map(said) == before.map(said), "\(after.map(said))")
        #expect(after.map(\.roundLabel) == before.map(\.roundLabel), "round 2/4, as Zwift shows it")
    }
}
