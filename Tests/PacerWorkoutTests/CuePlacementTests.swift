import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture
private typealias E = EngineFixture

/// The cues a workout's first phase has, by offset in seconds and text.
private func cues(_ steps: String, phase: Int = 0) throws -> [String] {
    try F.plan(steps: steps).phases[phase].cues.map { "\(E.seconds($0.at)) \($0.text)" }
}

@Suite("cues: where they are, the halfway call, cues said as one")
struct CuePlacementTests {
    @Test func aCueAtAShareOrBeforeTheEnd() throws {
        #expect(
            try cues(
                #"{"work": 45, "cues": [{"at": "50%", "text": "Half"}, {"at": "-10s", "text": "Ten left"}, {"at": " 12.5 % ", "text": "Eighth"}]}"#
            ) == [
                "22.5 Half", "35 Ten left", "5.625 Eighth",
            ])
        #expect(
            try cues(#"{"reps": 5, "name": "Row", "cap": "2m", "cues": [{"at": "25%", "text": "A"}, {"at": "-0:30", "text": "B"}]}"#) == [
                "30 A", "90 B",
            ])
        #expect(try cues(#"{"circuit": [{"name": "Plank", "cues": [{"at": "-5s", "text": "Hold"}]}], "work": 30}"#) == ["25 Hold"])
    }

    @Test func aShareIsOfEachRoundsOwnDuration() throws {
        let plan = try F.plan(
            steps: #"{"repeat": 2, "steps": [{"work": [20, 40], "cues": [{"at": "50%", "text": "Half"}, {"at": "-5s", "text": "Go"}]}]}"#)
        #expect(plan.phases.map { $0.cues.map(\.at) } == [[.seconds(10), .seconds(15)], [.seconds(20), .seconds(35)]])
    }

    @Test func badCueTimesAreErrorsAtTheirPaths() {
        #expect(
            F.diagnostics(
                F.json(
                    steps: #"""
                        {"work": 30, "cues": [{"at": "0%", "text": "A"}, {"at": "100%", "text": "B"}, {"at": "half%", "text": "C"}]},
                        {"work": 30, "cues": [{"at": "-30s", "text": "A"}, {"at": "-1m", "text": "B"}, {"at": "-x", "text": "C"}]},
                        {"reps": 5, "name": "Row", "cues": [{"at": "50%", "text": "A"}, {"at": "-5s", "text": "B"}, {"at": "5s", "text": "C"}]},
                        {"repeat": 2, "steps": [{"work": [20, 8], "cues": [{"at": "-10s", "text": "A"}]}]}
                        """#)) == [
                    F.at(
                        "steps[0].cues[0].at",
                        #""0%" is not a share of the phase: write a percentage above 0% and below 100%, such as "50%""#),
                    F.at(
                        "steps[0].cues[1].at",
                        #""100%" is not a share of the phase: write a percentage above 0% and below 100%, such as "50%""#),
                    F.at(
                        "steps[0].cues[2].at",
                        #""half%" is not a share of the phase: write a percentage above 0% and below 100%, such as "50%""#),
                    F.at(
                        "steps[1].cues[0].at",
                        "30s before the end is not after the start of the phase (30s), so the cue would never be announced"),
                    F.at(
                        "steps[1].cues[1].at",
                        "1m before the end is not after the start of the phase (30s), so the cue would never be announced"),
                    F.at("steps[1].cues[2].at", #""x" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#),
                    F.at(
                        "steps[2].cues[0].at",
                        #""50%" needs a step with an end, and this one lasts until you say done: say when after its start (or give a rep step a cap)"#
                    ),
                    F.at(
                        "steps[2].cues[1].at",
                        #""-5s" needs a step with an end, and this one lasts until you say done: say when after its start (or give a rep step a cap)"#
                    ),
                    F.at(
                        "steps[3].steps[0].cues[0].at",
                        "10s before the end is not after the start of the phase (8s), so the cue would never be announced"),
                ])
    }

    @Test func cuesSaidAsOneAreWarnedAboutAtTheLaterCue() {
        #expect(
            F.warnings(
                #"""
                {"name": "W", "halfway": true, "steps": [
                  {"work": 30, "cues": [{"at": "50%", "text": "Switch sides"}]},
                  {"work": 10, "cues": [{"at": 2, "text": "A"}, {"at": 2.5, "text": "B"}]},
                  {"repeat": 2, "steps": [{"work": [20, 30], "halfway": false, "cues": [{"at": "-5s", "text": "A"}, {"at": 15.2, "text": "B"}]}]}]}
                """#) == [
                    .warning(
                        at: "steps[0].cues[0]",
                        #"less than a second from the halfway call, so they are said as one cue: "Halfway. Switch sides""#),
                    .warning(at: "steps[1].cues[1]", #"less than a second from cues[0], so they are said as one cue: "A. B""#),
                    .warning(at: "steps[2].steps[0].cues[1]", #"less than a second from cues[0], so they are said as one cue: "A. B""#),
                ])
    }
}
