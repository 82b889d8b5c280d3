import PacerFormats
import PacerFoundation
import PacerWorkout
import Testing

/// `pacer fmt` on a YAML workout in pacer's own format keeps it YAML, written through libyaml,
/// keys in the layout's order; reading it back gives the same workout (issue 41, item 21).
@Suite struct PacerYAMLLayoutTests {
    static let messy = """
        steps:
          - {power: 60%, warmup: 10m}
          - repeat: 4
            steps:
              - {cue: "Climb: stay seated", power: 95%, work: 2m, cues: [{text: Half, at: 1m}]}
              - rest: 1m
          - {name: "true", cooldown: 5m}
          - {work: 30s, name: "30", power: "80%"}
        name: Hills → Col
        tags: [bike, "1:30", null-ish, "yes"]
        $comment: made by hand
        """

    static func laidOut(_ yaml: String) throws -> String {
        let json = try #require(try PacerYAMLLayout.json(of: Array(yaml.utf8)))
        return try PacerYAMLLayout.text(of: try JSONParser.parse(json))
    }

    @Test func aLaidOutYAMLWorkoutReadsBackAsTheSameWorkout() throws {
        let text = try Self.laidOut(Self.messy)
        #expect(text.hasPrefix("$comment: made by hand\nname: Hills → Col\n"), "keys in the layout's order, text unescaped:\n\(text)")
        #expect(text.contains("- {warmup: 10m, power: 60%}"), "a step's kind first, a short step on one line:\n\(text)")
        #expect(
            text.contains(#"name: "true""#) && text.contains(#"name: "30""#) && text.contains(#""1:30""#) && text.contains(#""yes""#),
            "text a reader would take for a flag, a number or a clock is quoted:\n\(text)")
        let before = try WorkoutImport.read(Array(Self.messy.utf8), format: .yaml, name: "x")
        let after = try WorkoutImport.read(Array(text.utf8), format: .yaml, name: "x")
        #expect(after.json == before.json, "the same workout:\n\(text)")
        #expect(try Self.laidOut(text) == text, "laying out a laid-out file changes nothing")
    }

    @Test func aCommentAnIncludeOrAnotherDialectIsNotLaidOut() throws {
        #expect(throws: WorkoutErrors.self) { try PacerYAMLLayout.json(of: Array("name: A\n# mine\nsteps: [{work: 30s}]\n".utf8)) }
        #expect(throws: WorkoutErrors.self) { try PacerYAMLLayout.json(of: Array("name: A\nsteps: [!include b.yaml]\n".utf8)) }
        #expect(
            try PacerYAMLLayout.json(of: Array("name: G\nsteps:\n  - {type: run, duration: 30s}\n".utf8)) == nil,
            "garmin-workouts' YAML is imported, not laid out")
        #expect(
            try PacerYAMLLayout.json(of: Array("name: A\nsteps: [{work: 30s, cue: No#1}]\n".utf8)) != nil, "a # inside a word is no comment"
        )
    }
}
