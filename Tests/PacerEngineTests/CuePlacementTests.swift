import PacerEngine
import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture
private typealias E = EngineFixture

/// The cue events of a whole run of a workout, on the manual clock.
private func cueEvents(_ json: String) throws -> [String] {
    var engine = E.engine(Plan(try WorkoutDecoder.decode(Array(json.utf8))))
    let events = engine.start(at: 0) + E.runToEnd(&engine)
    return E.briefs(events.filter { $0.name == "cue" })
}

@Suite("cues: where they are, the halfway call, cues said as one")
struct CuePlacementTests {
    @Test func aPhaseSetsItsOwnHalfway() throws {
        #expect(
            try cueEvents(
                #"""
                {"name": "W", "countdown": 0, "steps": [{"work": 20, "halfway": true}, {"work": 20}, {"rest": 8, "halfway": true},
                 {"circuit": [{"name": "A", "halfway": true}, "B"], "work": 4}]}
                """#) == ["cue 1 Halfway t=10 due=10", "cue 3 Halfway t=44 due=44", "cue 4 Halfway t=50 due=50"])
        #expect(
            try cueEvents(#"{"name": "W", "countdown": 0, "halfway": true, "steps": [{"work": 20, "halfway": false}, {"work": 20}]}"#) == [
                "cue 2 Halfway t=30 due=30"
            ])
        #expect(
            F.diagnostics(F.json(steps: #"{"work": 20, "halfway": "yes"}, {"reps": 5, "name": "Row", "halfway": true}"#)) == [
                F.at("steps[0].halfway", "must be true or false, not a string"),
                F.at("steps[1]", #"unknown key "halfway": only timed phases have a halfway point; a rep step lasts until you say done"#),
            ])
    }

    @Test func cuesLessThanASecondApartAreOneCueInOrder() throws {
        #expect(
            try cueEvents(
                #"""
                {"name": "W", "countdown": 0, "halfway": true, "steps": [
                  {"work": 30, "cues": [{"at": "15.5s", "text": "Breathe"}, {"at": "50%", "text": "Switch sides"}, {"at": "16.5s", "text": "Later"}]},
                  {"work": 10, "cues": [{"at": 2, "text": "A"}, {"at": 2, "text": "B"}, {"at": 3, "text": "C"}]}]}
                """#) == [
                    "cue 1 Halfway. Switch sides. Breathe t=15 due=15",
                    "cue 1 Later t=16.5 due=16.5",
                    "cue 2 A. B t=32 due=32",
                    "cue 2 C t=33 due=33",
                    "cue 2 Halfway t=35 due=35",
                ])
    }

    @Test func aShortenedPhaseDropsTheCuesItNoLongerReaches() throws {
        var engine = E.engine(
            Plan(try WorkoutDecoder.decode(Array(F.json(steps: #"{"work": 20, "cues": [{"at": "-5s", "text": "Five"}]}"#).utf8))))
        _ = engine.start(at: 0)
        _ = try E.handle(&engine, .extend(milliseconds: -10_000), at: E.at(1))
        #expect(!E.runToEnd(&engine).contains { $0.name == "cue" })
    }
}
