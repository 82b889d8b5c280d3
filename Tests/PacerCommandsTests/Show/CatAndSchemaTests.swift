import Foundation
import Testing

/// `pacer cat` (any workout's source, built-ins included) and `pacer schema` (the schema it was built with).
@Suite("cat and schema")
struct CatAndSchemaTests {
    static let workouts = CommandLineHome.packageRoot.appendingPathComponent("workouts")

    @Test func catPrintsABuiltInWorkoutExactlyAsItShips() throws {
        let home = try CommandLineHome()
        for name in ShowAndListTests.builtIns {
            let result = home.call(["cat", name])
            let shipped = try String(contentsOf: Self.workouts.appendingPathComponent("\(name).json"), encoding: .utf8)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdout == shipped, "pacer cat \(name) is not workouts/\(name).json")
        }
    }

    @Test func catPrintsAFileAsItIsEvenWhenItIsNotAValidWorkout() throws {
        let home = try CommandLineHome()
        let text = "{\"name\": \"Broken\", \"steps\": [\n"
        let path = try home.write("broken.json", text)
        let result = home.call(["cat", path])
        #expect(result.status == 0 && result.stdout == text, "\(result)")
    }

    @Test func catOfNothingSaysWhatWasSearched() throws {
        let home = try CommandLineHome()
        let missing = home.call(["cat", "tabbata"])
        #expect(
            missing.status == 1 && missing.stderr.contains("no workout named \"tabbata\"")
                && missing.stderr.contains("did you mean \"tabata\"?"),
            "\(missing)")
    }

    @Test func schemaPrintsTheShippedSchema() throws {
        let home = try CommandLineHome()
        let result = home.call(["schema"])
        let shipped = try String(contentsOf: Self.workouts.appendingPathComponent("schema.json"), encoding: .utf8)
        #expect(result.status == 0 && result.stdout == shipped, "\(result)")
    }
}
