import PacerFoundation
import PacerWorkout
import Speech
import Testing

@Suite("SessionScore")
struct SessionScoreTests {
    @Test func theSessionRunsOfflineWithEveryEventAtItsDueTime() throws {
        let plan = Plan(name: "Test", countdown: 2, phases: [prepare(5), work("Squats", 10), rest(4)])
        let score = try SessionScore(plan: plan)
        #expect(score.end == seconds(19))
        let starts = score.soundings.filter { $0.signal != .tick }
        #expect(starts.map(\.signal) == [.restStart, .workStart, .restStart, .finish])
        #expect(starts.map(\.at) == [0, 5, 15, 19].map(seconds))
        #expect(score.soundings.filter { $0.signal == .tick }.map(\.at) == [3, 4, 13, 14, 17, 18].map(seconds))
        // The coach's offers come at their events, and say what the live coach says.
        #expect(
            score.offers.map(\.utterance.text) == [
                "Get ready", "Next: Squats", "two", "one", "Squats, 10 seconds", "two", "one", "Rest", "two", "one", "Workout complete",
            ])
        #expect(score.offers.allSatisfy { $0.at == $0.utterance.due })
    }

    @Test func aRepStepLastsItsCapAndOneWithoutACapIsRefused() throws {
        let capped = Phase(kind: .reps, name: "Push-ups", duration: nil, cap: .seconds(45), reps: 10)
        let score = try SessionScore(plan: Plan(name: "Test", phases: [capped, rest(5)]))
        #expect(score.end == seconds(50))
        #expect(score.soundings.map(\.signal) == [.workStart, .restStart, .tick, .tick, .tick, .finish])
        let open = Phase(kind: .reps, name: "Back squat", duration: nil, reps: 5)
        let error = #expect(throws: SpeechError.self) { try SessionScore(plan: Plan(name: "Test", phases: [rest(5), open])) }
        guard case .noLength(step: 2, name: "Back squat", open: false)? = error else {
            Issue.record("not .noLength of step 2: \(String(describing: error))")
            return
        }
        #expect(
            error?.description == """
                step 2, “Back squat”, is a rep step without a cap, so it has no length to render: give it one ("cap": "2m") and it is rendered at its cap
                """)
    }
}
