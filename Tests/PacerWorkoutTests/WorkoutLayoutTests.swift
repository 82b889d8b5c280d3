import Foundation
import PacerTestSupport
import Testing

@testable import PacerFoundation
@testable import PacerWorkout

/// `pacer fmt`'s layout: canonical, idempotent, keeping every value, and never changing the plan.
@Suite("workout layout")
struct WorkoutLayoutTests {
    static func laidOut(_ bytes: [UInt8]) throws -> String {
        WorkoutLayout.text(of: try JSONParser.parse(bytes))
    }

    static let validExamples = WorkoutFixture.workoutsFolder.deletingLastPathComponent().appendingPathComponent(
        "scripts/schema-examples/workout/valid")

    /// Every shipped workout and every valid example, with its bytes.
    static func workouts() throws -> [(name: String, bytes: [UInt8])] {
        let examples = try FileManager.default.contentsOfDirectory(atPath: validExamples.path).filter { $0.hasSuffix(".json") }.sorted()
        return try WorkoutFixture.shippedJSONFiles().filter { $0.name != "schema.json" }
            + examples.map { ($0, [UInt8](try Data(contentsOf: validExamples.appendingPathComponent($0)))) }
    }

    @Test func theShippedWorkoutsAreKeptInTheLayout() throws {
        for (name, bytes) in try WorkoutFixture.shippedJSONFiles() where name != "schema.json" {
            #expect(
                try Self.laidOut(bytes) == String(decoding: bytes, as: UTF8.self),
                "\(name) is not laid out: run pacer fmt -w workouts/\(name)")
        }
    }

    @Test func layingOutIsIdempotentAndNeverChangesThePlan() throws {
        for (name, bytes) in try Self.workouts() {
            let once = try Self.laidOut(bytes)
            #expect(try Self.laidOut(Array(once.utf8)) == once, "\(name)")
            let before = PlanJSON(Plan(try WorkoutDecoder.decode(bytes))).text
            let after = PlanJSON(Plan(try WorkoutDecoder.decode(Array(once.utf8)))).text
            #expect(before == after, "\(name): the layout changed the plan")
        }
    }

    @Test func keysFollowTheGuideAndCommentsAndUnknownDetailStay() throws {
        let text = try Self.laidOut(
            Array(
                #"""
                {"steps": [{"name": "Sprint", "$comment": "hard", "work": 20.50},
                           {"steps": [{"rest": 1e1}], "later": {"b": 1, "a": [1, 2]}, "repeat": 2},
                           {"rest": "10s", "circuit": ["A", {"work": "1m", "name": "B"}], "work": "30s"}],
                 "name": "W", "zeta": [true, null], "$comment": "top", "$schema": "./schema.json"}
                """#.utf8))
        #expect(
            text == #"""
                {
                  "$schema": "./schema.json",
                  "$comment": "top",
                  "name": "W",
                  "steps": [
                    { "work": 20.5, "$comment": "hard", "name": "Sprint" },
                    {
                      "repeat": 2,
                      "steps": [
                        { "rest": 10 }
                      ],
                      "later": { "b": 1, "a": [1, 2] }
                    },
                    {
                      "circuit": [
                        "A",
                        { "name": "B", "work": "1m" }
                      ],
                      "work": "30s",
                      "rest": "10s"
                    }
                  ],
                  "zeta": [true, null]
                }

                """#)
    }

    @Test func aLongArrayOfNamesGoesOneALine() throws {
        let names = (1...12).map { "\"Exercise number \($0)\"" }.joined(separator: ", ")
        let text = try Self.laidOut(Array(#"{"name": "W", "steps": [{"circuit": [\#(names)], "work": 30}]}"#.utf8))
        #expect(text.contains("\n        \"Exercise number 1\",\n"), "\(text)")
    }

    // Issue 33, item 25: a number the layout would write as another number is found, with where it is.
    @Test func aNumberWithMoreDigitsThanPacerKeepsIsFoundAtItsPosition() throws {
        let bytes = Array("{\"name\": \"W\",\n \"steps\": [{\"reps\": 1, \"name\": \"A\", \"weight\": 12345678901234567890123}]}".utf8)
        let inexact = try #require(WorkoutLayout.inexactNumber(in: try JSONParser.parse(bytes), source: bytes))
        #expect(
            inexact
                == InexactNumber(
                    position: SourcePosition(line: 2, column: 47), written: "12345678901234567890123", laidOut: "1.2345678901234568e+22"))
        for kept in ["20.50", "1e1", "-0", "0.1", "1.5E-7", "0e-99999999999999999999", "123456789012345", "2.5e+300", "10.0e-1"] {
            let bytes = Array("[\(kept)]".utf8)
            #expect(WorkoutLayout.inexactNumber(in: try JSONParser.parse(bytes), source: bytes) == nil, "\(kept) is kept exactly")
        }
        for changed in ["0.12345678901234567891", "1e-99999999999999999999", "9007199254740993", "1.5e-9223372036854775808"] {
            let bytes = Array("{\"a\": [\(changed)]}".utf8)
            #expect(
                WorkoutLayout.inexactNumber(in: try JSONParser.parse(bytes), source: bytes)?.written == changed, "\(changed) would change")
        }
    }
}
