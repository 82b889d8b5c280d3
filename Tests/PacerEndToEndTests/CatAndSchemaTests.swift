import Foundation
import Testing

/// `pacer cat` (any workout's source, built-ins included) and `pacer schema` (the schema it was built with).
@Suite("cat and schema")
struct CatAndSchemaTests {
    static let workouts = PacerBinary.packageRoot.appendingPathComponent("workouts")

    @Test func catPrintsABuiltInWorkoutExactlyAsItShips() async throws {
        let sandbox = try Sandbox()
        for name in ShowAndListTests.builtIns {
            let result = try await PacerProcess.run(["cat", name], in: sandbox)
            let shipped = try String(contentsOf: Self.workouts.appendingPathComponent("\(name).json"), encoding: .utf8)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdout == shipped, "pacer cat \(name) is not workouts/\(name).json")
        }
    }

    @Test func catPrintsAFileAsItIsEvenWhenItIsNotAValidWorkout() async throws {
        let sandbox = try Sandbox()
        let text = "{\"name\": \"Broken\", \"steps\": [\n"
        let path = try sandbox.write("broken.json", text)
        let result = try await PacerProcess.run(["cat", path], in: sandbox)
        #expect(result.status == 0 && result.stdout == text, "\(result)")
    }

    @Test func catOfNothingSaysWhatWasSearched() async throws {
        let sandbox = try Sandbox()
        let missing = try await PacerProcess.run(["cat", "tabbata"], in: sandbox)
        #expect(
            missing.status == 1 && missing.stderr.contains("no workout named \"tabbata\"")
                && missing.stderr.contains("did you mean \"tabata\"?"),
            "\(missing)")
    }

    @Test func schemaPrintsTheShippedSchema() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["schema"], in: sandbox)
        let shipped = try String(contentsOf: Self.workouts.appendingPathComponent("schema.json"), encoding: .utf8)
        #expect(result.status == 0 && result.stdout == shipped, "\(result)")
    }
}
