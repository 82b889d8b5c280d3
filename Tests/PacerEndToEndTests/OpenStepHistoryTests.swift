import Foundation
import Testing

/// Open steps run end to end: `done` from a pipe ends each, the history keeps the time taken and
/// the distance, and `pacer stats --json` gives the best and latest time.
@Suite("history of open steps, end to end")
struct OpenStepHistoryTests {
    static let workout = """
        {"name": "Track", "steps": [
         {"work": "open", "name": "400 m fast", "distance": "400 m", "target": "1:30"},
         {"work": "open", "name": "400 m fast", "distance": "400 m"}]}
        """

    @Test func twoOpenStepsMakeOneEntryWithTheBestAndLatestTime() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("track.json", Self.workout)
        let run = try await PacerProcess.run(
            ["run", "track.json", "--speed", "20"], in: sandbox, stdin: .text("done\ndone\n"), timeout: 30)
        #expect(run.status == 0 && run.summaryLine?.hasPrefix("Workout complete.") == true, "\(run)")

        let stats = try await PacerProcess.run(["stats", "--json"], in: sandbox)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats)")
        let open = try #require(object["open"] as? [[String: Any]], "\(stats)")
        try #require(open.count == 1, "\(stats)")
        #expect(open[0]["exercise"] as? String == "400 m fast" && open[0]["distance"] as? String == "400 m", "\(stats)")
        let best = try #require((open[0]["best"] as? NSNumber)?.doubleValue)
        let latest = try #require((open[0]["latest"] as? NSNumber)?.doubleValue)
        #expect(best >= 0 && best <= latest, "\(stats)")

        let history = try await PacerProcess.run(["history", "--json"], in: sandbox)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]], "\(history)")
        let phases = try #require(sessions.first?["phases"] as? [[String: Any]], "\(history)")
        #expect(
            phases.map { $0["open"] as? Bool } == [true, true] && phases.allSatisfy { $0["distance"] as? String == "400 m" }, "\(history)")
        #expect((phases.last?["active"] as? NSNumber)?.doubleValue == latest, "the latest is the second step's time taken")
    }
}
