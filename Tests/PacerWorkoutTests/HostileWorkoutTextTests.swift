import PacerFoundation
import PacerTestSupport
import PacerWorkout
import Testing

@Suite("TerminalText: the hostile workout")
struct HostileWorkoutTextTests {
    // Issue 7, item 2: the hostile workout file, every text field of it, shown safely.
    @Test func everyTextOfTheHostileWorkoutIsShownSafely() throws {
        let workout = try HostileFixture.workout()
        let plan = Plan(workout)
        var texts = [workout.name, workout.description ?? ""] + workout.tags
        for phase in plan.phases {
            texts += [phase.name, phase.cue ?? "", phase.weight?.description ?? ""] + phase.cues.map(\.text)
        }
        #expect(texts.filter { $0.unicodeScalars.contains { actsOnATerminal($0) } }.count >= 15, "the fixture attacks in every field")
        for text in texts {
            for shown in [TerminalText(text), TerminalText(lines: text), "» \(text)"] {
                #expect(!shown.rendered.unicodeScalars.contains { actsOnATerminal($0) }, "\(shown.rendered.debugDescription)")
            }
        }
    }
}
