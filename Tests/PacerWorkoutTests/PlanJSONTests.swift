import Foundation
import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

/// `pacer show --json`: the expanded plan for scripts, a phase a line.
@Suite("plan JSON")
struct PlanJSONTests {
    static func phases(of json: String) throws -> (document: [String: Any], phases: [[String: Any]]) {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (document, try #require(document["phases"] as? [[String: Any]]))
    }

    @Test func everyPhaseHasItsStartDurationRoundAndCues() throws {
        let workout = try WorkoutDecoder.decode(
            Array(
                #"""
                {"name": "Mixed \"one\"", "halfway": true, "steps": [
                  {"prepare": "10s", "name": "Get ready", "cue": "Breathe"},
                  {"repeat": 2, "rest_between_rounds": 5, "steps": [
                    {"work": 20, "name": "Sprint {round}", "cues": [{"at": 15, "text": "Last five"}]}]},
                  {"reps": 5, "name": "Back squat", "weight": "80 kg", "cap": "2m"},
                  {"reps": 8, "name": "Pull-ups", "weight": 12.5}
                ]}
                """#.utf8))
        let text = PlanJSON(Plan(workout)).text
        #expect(text.split(separator: "\n").count == 2 + 6, "a line to open, a line per phase, a line to close: \(text)")
        let (document, phases) = try Self.phases(of: text)
        #expect(document["name"] as? String == #"Mixed "one""# && document["planned"] as? Double == 55)
        #expect(phases.map { $0["index"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(phases.map { $0["kind"] as? String } == ["prepare", "work", "rest", "work", "reps", "reps"])
        #expect(phases.map { $0["start"] as? Double } == [0, 10, 30, 35, 55, 55])
        #expect(phases[0]["duration"] as? Double == 10 && phases[0]["cue"] as? String == "Breathe" && phases[0]["exercise"] is NSNull)
        #expect(phases[0]["round"] == nil && phases[0]["rounds"] == nil)
        #expect(phases[3]["name"] as? String == "Sprint 2" && phases[3]["exercise"] as? String == "Sprint")
        #expect(phases[3]["round"] as? Int == 2 && phases[3]["rounds"] as? Int == 2)
        let cues = try #require(phases[1]["cues"] as? [[String: Any]])
        #expect(cues.map { $0["at"] as? Double } == [10, 15] && cues.map { $0["text"] as? String } == ["Halfway", "Last five"])
        #expect((phases[2]["cues"] as? [Any])?.isEmpty == true, "a rest has no halfway call")
        #expect(phases[4]["duration"] is NSNull && phases[4]["reps"] as? Int == 5 && phases[4]["weight"] as? String == "80 kg")
        #expect(phases[4]["cap"] as? Double == 120)
        #expect(phases[5]["weight"] as? Double == 12.5 && phases[5]["cap"] == nil)
    }

    @Test func everyShippedWorkoutGivesValidJSONWithItsPlan() throws {
        for (name, bytes) in try WorkoutFixture.shippedJSONFiles() where name != "schema.json" {
            let plan = Plan(try WorkoutDecoder.decode(bytes))
            let (document, phases) = try Self.phases(of: PlanJSON(plan).text)
            #expect(document["planned"] as? Double == plan.planned.seconds, "\(name)")
            #expect(phases.count == plan.phases.count && phases.map { $0["name"] as? String } == plan.phases.map(\.name), "\(name)")
        }
    }
}
