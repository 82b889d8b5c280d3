import PacerTestSupport
import Testing

@testable import PacerWorkout

/// `show --notation` and back: every shipped workout, and workouts heavy with targets, cues and
/// blocks, come back from their one line as the same phases and the same `show --json`.
@Suite("notation round trip")
struct NotationRoundTripTests {
    /// Writes `workout` as a line, reads it back and checks that nothing of the plan changed.
    @discardableResult
    static func roundTrip(_ workout: Workout, _ label: String) throws -> WrittenNotation {
        let written = try NotationWriter.write(workout)
        let read = try NotationWorkout(written.line, name: workout.name).decode().workout
        let (original, back) = (Plan(workout), Plan(read))
        #expect(back.phases == original.phases, "\(label): \(written.line)")
        #expect(PlanJSON(back).text == PlanJSON(original).text, "\(label): \(written.line)")
        #expect(
            back.countdown == original.countdown && back.halfway == original.halfway && read.tags == workout.tags,
            "\(label): \(written.line)")
        return written
    }

    // Issue 35, item 7: every shipped workout round-trips, and only its name and description are left out.
    @Test func everyShippedWorkoutComesBackFromItsLine() throws {
        let files = try WorkoutFixture.shippedJSONFiles().filter { $0.name != "schema.json" }
        #expect(files.count >= 13, "\(files.map(\.name))")
        for (name, bytes) in files {
            let written = try Self.roundTrip(try WorkoutDecoder.decode(bytes), name)
            #expect(written.leftOut == ["the name", "the description"], "\(name): \(written.leftOut)")
        }
    }

    static let targetHeavy = [
        #"""
        {"name": "Ride", "countdown": 5, "halfway": true, "tags": ["bike", "a, b", "{x}"], "steps": [
          {"warmup": "10m", "power": "ramp 50-75%", "cadence": "85-95 rpm",
           "cues": [{"at": "50%", "text": "Half, keep going"}, {"at": "-30s", "text": "Build {it}"}, {"at": "12.5%", "text": "\"Quoted\""}]},
          {"repeat": 5, "rest_between_rounds": "1m", "name": "Set {round}", "steps": [
            {"work": "3m", "power": "105%", "heart_rate": "Z4", "cue": "Go, go"}, {"rest": "3m", "power": "50%", "name": "Spin @ ease"}]},
          {"work": "7m", "power": "88-94%", "cues": [{"at": "7%", "text": "Settle"}, {"at": "1:30", "text": "} odd"}]},
          {"cooldown": "5m", "power": "free", "halfway": true}]}
        """#,
        #"""
        {"name": "Run", "steps": [
          {"warmup": "10m", "heart_rate": "140-150 bpm"},
          {"repeat": 6, "steps": [
            {"work": "open", "name": "400 m {round}", "distance": "400 m", "target": "1:36", "pace": "4:00/km", "cues": [{"at": "30s", "text": "Relax"}]},
            {"rest": "90s", "name": "Walk", "heart_rate": "75% max"}]},
          {"work": "20m", "pace": "4:20-4:40/km"}, {"work": "10m", "pace": "7:00/mi"}, {"work": "5m", "pace": "1:45/100m"},
          {"work": "5m", "pace": "95%"}, {"work": "5m", "pace": "Z3"}, {"work": "5m", "heart_rate": "85-90% LTHR"},
          {"rest": "open", "name": "Breathe"}, {"cooldown": "5m", "heart_rate": "Z1"}]}
        """#,
        #"""
        {"name": "Mixed", "countdown": 0, "steps": [
          {"work": "4m", "power": "250 W", "cadence": "95 rpm"}, {"work": "4m", "power": "ramp 150-250 W"},
          {"work": "4m", "power": "200-220 W", "exercise": "Trainer"}, {"work": "4m", "power": "Z3", "name": "Tempo [hard]"},
          {"circuit": [{"name": "Row", "power": "Z2", "cues": [{"at": "10s", "text": "Long strokes"}]},
                       {"name": "Bike", "cadence": "90 rpm", "exercise": "Air bike", "halfway": false, "cue": "Spin"}],
           "work": "40s", "rest": "20s", "rounds": 2, "rest_between_rounds": "1m"},
          {"for": ["Squats", "Push-ups, wide", "(Lunges)"], "rest_between_rounds": "30s", "time_cap": "20m", "name": "Block",
           "steps": [{"work": "20s", "name": "{item}", "power": "free"}]},
          {"every": "1m", "rounds": 3, "name": "E", "steps": [
            {"reps": [5, 6, 7], "name": ["A", "B, b", "C"], "weight": "20 kg", "cap": "40s", "exercise": "Swing", "cues": [{"at": "10s", "text": "Breathe"}]}]},
          {"amrap": "5m", "name": "Am", "steps": [{"reps": 5, "name": "P", "cue": "Go {x}"}]}]}
        """#,
        #"""
        {"name": "Per round", "steps": [
          {"repeat": 3, "steps": [
            {"work": "3m", "power": ["100%", "105%", "110%"], "heart_rate": ["Z2", "Z3", "Z4"], "cadence": ["85-90 rpm", "90-95 rpm", "95 rpm"]},
            {"rest": "2m", "power": ["ramp 50-75%", "ramp 60-80%", "ramp 70-40%"], "pace": ["4:00/km", "3:50/km", "3:45/km"]}]},
          {"for": ["A", "B"], "steps": [{"work": "1m", "name": "{item}", "power": ["250 W", "260 W"], "heart_rate": ["85% LTHR", "90% LTHR"]}]}]}
        """#,
    ]

    @Test(arguments: targetHeavy)
    func workoutsHeavyWithTargetsCuesAndBlocksComeBack(json: String) throws {
        let workout = try WorkoutDecoder.decode(Array(json.utf8))
        let written = try Self.roundTrip(workout, workout.name)
        #expect(written.leftOut == ["the name"], "\(written.leftOut)")
    }

    @Test func theLinesAreWrittenAsDocumented() throws {
        let ride = try WorkoutDecoder.decode(Array(Self.targetHeavy[0].utf8))
        #expect(
            try NotationWriter.write(ride).line == #"{countdown: 5} {halfway: true} {tags: bike, "a, b", "{x}"} "#
                + #"10m warmup @ ramp 50-75% 85-95 rpm {50%: Half, keep going} {-30s: Build {it}} {12.5%: "\"Quoted\""}, "#
                + #"5x(3m @ 105% Z4 HR {cue: Go, go}, 3m rest "Spin @ ease" @ 50%) / 1m {name: Set {round}}, "#
                + #"7m @ 88-94% {7%: Settle} {1m30s: "} odd"}, 5m cooldown @ free {halfway: true}"#)
    }

    @Test func targetsPerRoundAreWrittenInBrackets() throws {
        let workout = try WorkoutDecoder.decode(Array(Self.targetHeavy[3].utf8))
        #expect(
            try NotationWriter.write(workout).line == "3x(3m @ [100,105,110]% [Z2,Z3,Z4] HR [85-90,90-95,95] rpm, "
                + "2m rest @ ramp [50-75,60-80,70-40]% [4:00,3:50,3:45]/km), for(A, B)(1m {item} @ [250,260] W [85,90]% LTHR)")
    }

    @Test func whatTheLineCannotSpellIsRefusedWithItsPlace() throws {
        let mixed = try WorkoutDecoder.decode(
            Array(#"{"name": "W", "steps": [{"repeat": 2, "steps": [{"work": "1m", "power": ["Z2", "90%"]}]}]}"#.utf8))
        #expect(throws: NotationUnsupported.self) { try NotationWriter.write(mixed) }
        do {
            _ = try NotationWriter.write(mixed)
        } catch {
            #expect(
                error.description
                    == "steps[0].steps[0].power has targets per round that differ in more than their values (Z2, 90%), which the notation has no spelling for"
            )
        }
        let cue = try WorkoutDecoder.decode(
            Array(#"{"name": "W", "steps": [{"repeat": 2, "steps": [{"work": "1m", "cue": ["a", "b"]}]}]}"#.utf8))
        #expect(throws: NotationUnsupported.self, "a note per round has no spelling") { try NotationWriter.write(cue) }
    }
}
