import Foundation
import Testing

/// `pacer new`: a laid-out, checked file from notation, a copy or a template (`pacer edit`, which
/// runs $EDITOR, is tested end to end).
@Suite("new")
struct NewTests {
    static func workout(_ home: CommandLineHome, _ name: String) -> String {
        home.file("config/pacer/workouts/\(name).json")
    }

    @Test func newWritesALaidOutCheckedFileFromNotationACopyOrATemplate() throws {
        let home = try CommandLineHome()
        let made = home.call(["new", "quick", "10s prepare, 3x(20s Sprint, 10s rest)"])
        let path = Self.workout(home, "quick")
        #expect(made.status == 0 && made.stdout == "created ~/config/pacer/workouts/quick.json: 7 phases, 1m 40s\n", "\(made)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let schema = CommandLineHome.packageRoot.appendingPathComponent("workouts/schema.json").path
        #expect(
            text.hasPrefix("{\n  \"$schema\": \"\(schema)\",\n  \"name\": \"quick\",\n"),
            "run from the checkout, the checkout's schema: \(text)")
        let laidOut = home.call(["fmt", "--check", path])
        #expect(laidOut.status == 0, "\(laidOut)")

        let again = home.call(["new", "quick", "30s"])
        #expect(again.status == 1 && again.stderr.contains("exists; 'pacer edit quick' changes it, --force replaces it"), "\(again)")
        let forced = home.call(["new", "quick", "30s", "--force"])
        #expect(forced.status == 0 && forced.stdout.hasSuffix(": 1 phase, 30s\n"), "\(forced)")

        let copy = home.call(["new", "mine", "--from", "tabata", "-o", home.file("mine.json")])
        #expect(copy.status == 0, "\(copy)")
        let copied = try String(contentsOfFile: home.file("mine.json"), encoding: .utf8)
        #expect(
            copied.contains("\"name\": \"mine\"") && copied.contains("\"Sprint {round}/{rounds}\"") && !copied.contains("./schema.json"),
            "\(copied)")

        let template = home.call(["new", "blank"])
        let blank = try String(contentsOfFile: Self.workout(home, "blank"), encoding: .utf8)
        #expect(template.status == 0 && blank.contains("\"$comment\""), "\(template)")

        let bad = home.call(["new", "bad", "10s, x"])
        #expect(
            bad.status == 1 && bad.stderr.hasPrefix("<notation>:1:6: error:")
                && !FileManager.default.fileExists(atPath: Self.workout(home, "bad")), "\(bad)")
    }

    @Test func newShowsWarningsAndWritesToStandardOutputForADash() throws {
        let home = try CommandLineHome()
        let made = home.call(["new", "run", "400m Run"])
        #expect(
            made.status == 0 && made.stderr.components(separatedBy: "\"m\" means minutes, not metres").count == 2, "one warning: \(made)")
        let printed = home.call(["new", "run", "400m Run", "-o", "-"])
        #expect(printed.status == 0 && printed.stdout.hasPrefix("{\n") && printed.stdout.contains(#""name": "run""#), "\(printed)")
        #expect(printed.stderr.hasPrefix("<stdout>: warning:") && !FileManager.default.fileExists(atPath: "-"), "\(printed)")
    }
}
