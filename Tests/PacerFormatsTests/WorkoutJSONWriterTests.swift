import PacerFormats
import PacerFoundation
import PacerWorkout
import Testing

/// The writer gives back the file the decoder read: every target form, cue form and repeat.
@Suite struct WorkoutJSONWriterTests {
    static let source = """
        {
          "pacer": 1,
          "name": "Every target",
          "description": "Two\\nlines",
          "tags": ["a", "b"],
          "countdown": 5,
          "halfway": true,
          "steps": [
            { "warmup": "10m", "power": "ramp 50-75%" },
            { "work": "open", "name": "Fast lap", "distance": "400 m", "target": "1m30s", "pace": "4:00/km", "heart_rate": "Z4" },
            { "work": "1h2m3.5s", "exercise": "Row", "power": "250 W", "heart_rate": "140-150 bpm", "cadence": "85-95 rpm", "halfway": false },
            {
              "repeat": 3,
              "name": "Block",
              "rest_between_rounds": "30s",
              "steps": [
                { "work": ["1m", "2m", "3m"], "name": "Round {round}", "power": ["Z3", "88-94%", "free"], "pace": "95%" },
                {
                  "work": "2m",
                  "heart_rate": "85-90% LTHR",
                  "cue": "Breathe",
                  "cues": [
                    { "at": "25%", "text": "Quarter" },
                    { "at": "-10s", "text": "Ready" }
                  ]
                }
              ]
            },
            { "cooldown": "5m", "power": "ramp 150-100 W", "heart_rate": "75% max", "pace": "7:00-7:30/mi" }
          ]
        }

        """

    @Test func aWrittenWorkoutIsTheFileItWasReadFromAsFmtLaysItOut() throws {
        let decoded = try WorkoutDecoder.decodeWithWarnings(Array(Self.source.utf8))
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let written = try WorkoutJSONWriter.text(of: decoded.workout)
        let laidOut = WorkoutLayout.text(of: try JSONParser.parse(Array(Self.source.utf8)))
        #expect(written == laidOut, "\(written)\n---\n\(laidOut)")
        let again = try WorkoutDecoder.decode(Array(written.utf8))
        #expect(Plan(again).phases == Plan(decoded.workout).phases)
    }

    @Test func aStepItCannotWriteIsNamed() throws {
        let workout = try WorkoutDecoder.decode(Array(#"{"name": "x", "steps": [{"work": "1m"}, {"reps": 5, "name": "Squats"}]}"#.utf8))
        #expect(throws: UnwritableWorkout.self) { try WorkoutJSONWriter.text(of: workout) }
        do {
            _ = try WorkoutJSONWriter.text(of: workout)
        } catch {
            #expect(error.description.hasPrefix("at steps[1]:"))
        }
    }
}
