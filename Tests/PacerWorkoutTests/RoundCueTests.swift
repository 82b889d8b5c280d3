import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture
private typealias E = EngineFixture

/// A cue said in one round of a repeat (`"round": 2`): where it may be, when it is said, and how
/// it is written back.
@Suite("cues of one round")
struct RoundCueTests {
    @Test func aCueOfOneRoundIsSaidInThatRoundOnly() throws {
        let plan = try F.plan(
            steps: #"""
                {"repeat": 3, "steps": [{"work": 60, "cues": [{"at": "0s", "text": "First", "round": 1}, {"at": "30s", "text": "Every"}, {"at": "-10s", "text": "Last one", "round": 3}]},
                                        {"rest": 30}]}
                """#)
        #expect(
            plan.phases.map { $0.cues.map { "\(E.seconds($0.at)) \($0.text)" } } == [
                ["0 First", "30 Every"], [], ["30 Every"], [], ["30 Every", "50 Last one"], [],
            ])
        #expect(plan.phases.map(\.round) == [1, 1, 2, 2, 3, 3])
    }

    @Test func aCueOfOneRoundCountsItsOwnRoundsLength() throws {
        let plan = try F.plan(
            steps:
                #"{"repeat": 2, "steps": [{"work": [20, 40], "cues": [{"at": "-5s", "text": "Go", "round": 2}, {"at": "30s", "text": "Long", "round": 2}]}]}"#
        )
        #expect(plan.phases.map { $0.cues.map(\.at) } == [[], [.seconds(35), .seconds(30)]])
    }

    @Test func anEMOMsRoundsTakeTheirOwnCues() throws {
        let plan = try F.plan(
            steps: #"{"every": "1m", "rounds": 2, "steps": [{"work": 40, "cues": [{"at": "20s", "text": "Two", "round": 2}]}]}"#)
        #expect(plan.phases.filter { $0.kind == .work }.map { $0.cues.map(\.text) } == [[], ["Two"]])
    }

    @Test func theRoundAndAZeroTimeAreCheckedWhereTheyAre() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"work": 30, "cues": [{"at": "5s", "text": "A", "round": 1}]},
                        {"repeat": 2, "steps": [{"work": 30, "cues": [{"at": "5s", "text": "A", "round": 3}, {"at": "5s", "text": "B", "round": 1.5}, {"at": 0, "text": "C"}]}]},
                        {"repeat": 2, "steps": [{"circuit": [{"name": "Plank", "cues": [{"at": "5s", "text": "D", "round": 1}]}], "work": 30}]},
                        {"repeat": 2, "steps": [{"work": [20, 40], "cues": [{"at": "30s", "text": "E", "round": 1}]}]}
                        """#)) == [
                    F.at(
                        "steps[0].cues[0].round",
                        #"a cue names its round only inside a repeat or for (not in a circuit's exercise): remove "round""#),
                    F.at(
                        "steps[1].steps[0].cues[0].round",
                        "must be a round of the repeat around the step, a whole number from 1 to 2, not 3"),
                    F.at(
                        "steps[1].steps[0].cues[1].round",
                        "must be a round of the repeat around the step, a whole number from 1 to 2, not 1.5"),
                    F.at("steps[1].steps[0].cues[2].at", "0 is not a duration greater than zero"),
                    F.at(
                        "steps[2].steps[0].circuit[0].cues[0].round",
                        #"a cue names its round only inside a repeat or for (not in a circuit's exercise): remove "round""#),
                    F.at(
                        "steps[3].steps[0].cues[0].at", "30s is not before the end of the phase (20s), so the cue would never be announced"),
                ])
    }

    @Test func cuesOfDifferentRoundsAreNeverSaidAsOne() {
        let warnings = F.warnings(
            F.json(
                steps: #"""
                    {"repeat": 2, "steps": [{"work": 30, "cues": [{"at": "10s", "text": "A", "round": 1}, {"at": "10s", "text": "B", "round": 2}, {"at": "10.5s", "text": "C", "round": 2}]}]}
                    """#))
        #expect(warnings.map(\.message) == [#"less than a second from cues[1], so they are said as one cue: "B. C""#])
        #expect(warnings.map(\.description).first?.contains("steps[0].steps[0].cues[2]") ?? false)
    }

    @Test func manyRoundsEachWithItsCueExpandOnce() throws {
        let rounds = 20_000
        let cues = (1...rounds).map { #"{"at": "1s", "text": "Round \#($0)", "round": \#($0)}"# }.joined(separator: ",")
        let plan = try F.plan(steps: #"{"repeat": \#(rounds), "steps": [{"work": 2, "cues": [\#(cues)]}]}"#)
        #expect(plan.phases.count == rounds)
        #expect(plan.phases.indices.allSatisfy { plan.phases[$0].cues == [Cue(at: .seconds(1), text: "Round \($0 + 1)")] })
    }

    @Test func theNotationHasNoSpellingForACueOfOneRound() throws {
        let workout = try WorkoutDecoder.decode(
            Array(F.json(steps: #"{"repeat": 2, "steps": [{"work": 30, "cues": [{"at": "5s", "text": "A", "round": 2}]}]}"#).utf8))
        #expect { try NotationWriter.write(workout) } throws: { error in
            (error as? NotationUnsupported)?.description
                == "steps[0].steps[0].cues[0] is said in one round only, which the notation has no spelling for"
        }
    }
}
