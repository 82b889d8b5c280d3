@testable import PacerCommands
import PacerCore
import PacerRuntime
import PacerSystem
import Testing

/// `pacer show`'s timeline, made in-process from a line of notation.
@Suite("show's timeline")
struct TimelineTests {
    func lines(_ notation: String, colored: Bool = false) throws -> [String] {
        let library = WorkoutLibrary(environment: Environment(["HOME": "/nonexistent"]), notationName: nil)
        let loaded = try WorkoutLoader.load(notation, library: library)
        return Timeline(loaded: loaded, colored: colored, columns: 80).lines.map(\.plain)
    }

    @Test func everyPhaseHasItsStartKindDurationAndRound() throws {
        let text = try lines("2x(20s Squat, 10s rest)")
        #expect(text[0] == "2x(20s Squat, 10s rest)  (<notation>)")
        #expect(text.contains { $0.hasSuffix("3   0:30  work      0:20    2/2  Squat") })
        #expect(text.contains { $0.contains("total") && $0.contains("4 phases") && $0.contains("1m") })
    }

    @Test func aBlockHeadingAndARepCountSayOneInTheSingular() throws {
        // The first line is the workout's name, here the notation itself.
        let text = try lines("amrap 1m (1 reps Burpee)").dropFirst()
        #expect(text.contains { $0.contains("AMRAP 1:00: the next phase, round after round, until the time is up") })
        #expect(text.contains { $0.contains(" 1 rep ") })
        #expect(!text.contains { $0.contains("1 reps") || $0.contains("next 1 phases") })
    }

    @Test func colourAddsTheProfileBarAndNoneLeavesPlainText() throws {
        let plain = try lines("30s work, 10s rest")
        let colored = try lines("30s work, 10s rest", colored: true)
        #expect(colored.count == plain.count + 2)
    }
}
