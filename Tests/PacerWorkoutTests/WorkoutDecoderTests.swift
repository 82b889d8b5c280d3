import PacerTestSupport
import Testing

@testable import PacerFoundation
@testable import PacerWorkout

private func diagnostics(_ json: String) -> [Diagnostic] {
    WorkoutFixture.diagnostics(json)
}

private func workoutJSON(steps: String) -> String {
    WorkoutFixture.json(steps: steps)
}

private func at(_ path: String, _ message: String) -> Diagnostic {
    Diagnostic(.path(path), message)
}

private let noKind = "this step has no kind: give it one of work, rest, prepare, warmup, cooldown, reps, repeat, for, circuit, every, amrap"
private let roundOutside = "{round} and {rounds} only mean something inside a repeat, for or circuit"
private let notADuration = #"is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#

/// Steps nested `depth` repeats deep around one work phase.
private func nestedRepeats(_ depth: Int, count: Int = 1, innermost: String = #"{"work": "30s"}"#) -> String {
    var step = innermost
    for _ in 0..<depth {
        step = #"{"repeat": \#(count), "steps": [\#(step)]}"#
    }
    return step
}

@Suite("Workout decoder")
struct WorkoutDecoderTests {
    // MARK: - A valid workout

    @Test func decodesAWorkoutWithEveryKindOfStep() throws {
        let json = #"""
            {
              "$schema": "./schema.json",
              "pacer": 1,
              "name": "Everything",
              "description": "All the kinds",
              "tags": ["a", "b"],
              "countdown": 5,
              "halfway": true,
              "steps": [
                {"prepare": "10s", "name": "Get ready", "cue": "Breathe"},
                {"reps": 5, "name": "Squat", "weight": "80 kg", "cap": "2m", "cues": [{"at": 60, "text": "Hurry"}]},
                {"reps": 8, "name": "Bench", "weight": 60},
                {"repeat": 3, "name": "Round {round}", "rest_between_rounds": "1m", "steps": [{"work": 20}]},
                {"circuit": ["A", {"name": "B", "work": "45s", "cue": "Go", "cues": [{"at": "20s", "text": "Half"}]}],
                 "work": "30s", "rest": "10s", "rounds": 2, "rest_between_rounds": "1:00"}
              ]
            }
            """#
        let workout = try WorkoutDecoder.decode(Array(json.utf8))
        #expect(workout.name == "Everything")
        #expect(workout.description == "All the kinds")
        #expect(workout.tags == ["a", "b"])
        #expect(workout.countdown == 5)
        #expect(workout.halfway == true)
        #expect(workout.steps.count == 5)

        guard case .timed(let prepare) = workout.steps[0],
            case .reps(let squat) = workout.steps[1],
            case .reps(let bench) = workout.steps[2],
            case .repeated(let group) = workout.steps[3],
            case .circuit(let circuit) = workout.steps[4]
        else {
            Issue.record("steps decoded to the wrong kinds: \(workout.steps)")
            return
        }
        #expect(prepare.kind == .prepare)
        #expect(prepare.duration == .same(.seconds(10)))
        #expect(prepare.name == .same("Get ready"))
        #expect(prepare.cue == .same("Breathe"))
        #expect(squat.reps == .same(5))
        #expect(squat.weight == .same(.text("80 kg")))
        #expect(squat.cap == .seconds(120))
        #expect(squat.cues == [WrittenCue(at: .afterStart(.seconds(60)), text: "Hurry")])
        #expect(bench.weight == .same(.number(60)))
        #expect(bench.cap == nil)
        #expect(group.count == 3)
        #expect(group.name == "Round {round}")
        #expect(group.restBetweenRounds == .seconds(60))
        #expect(group.steps.count == 1)
        #expect(circuit.exercises.map(\.name) == ["A", "B"])
        #expect(circuit.exercises[0].work == nil)
        #expect(circuit.exercises[1].work == .seconds(45))
        #expect(circuit.exercises[1].cue == "Go")
        #expect(circuit.exercises[1].cues == [WrittenCue(at: .afterStart(.seconds(20)), text: "Half")])
        #expect(circuit.work == .seconds(30))
        #expect(circuit.rest == .seconds(10))
        #expect(circuit.rounds == 2)
        #expect(circuit.restBetweenRounds == .seconds(60))
    }

    @Test func decodesAValueMadeInMemoryAsItsText() throws {
        let text = workoutJSON(steps: #"{"work": "30s", "cues": [{"at": "40s", "text": "Late"}]}, {"repeat": 0, "steps": [{"rest": 5}]}"#)
        let member = { (key: String, content: JSONValue.Content) in
            JSONValue.Member(key: key, value: JSONValue(content: content, offset: 0))
        }
        let value = JSONValue(
            content: .object([
                member("name", .string("In memory")),
                member(
                    "steps",
                    .array([JSONValue(content: .object([member("work", .string("30s")), member("halfway", .bool(true))]), offset: 0)])),
            ]), offset: 0)
        let decoded = try WorkoutDecoder.decodeWithWarnings(value)
        #expect(
            decoded.workout == (try WorkoutDecoder.decode(Array(#"{"name": "In memory", "steps": [{"work": 30, "halfway": true}]}"#.utf8))))
        let broken = try JSONParser.parse(Array(text.utf8))
        var fromValue: [Diagnostic] = []
        do { _ = try WorkoutDecoder.decodeWithWarnings(broken) } catch { fromValue = error.diagnostics }
        #expect(!fromValue.isEmpty)
        #expect(fromValue == diagnostics(text), "a value finds what its text finds, at the same paths")
    }

    @Test func defaultsCountdownHalfwayTagsAndDescription() throws {
        let workout = try WorkoutDecoder.decode(Array(workoutJSON(steps: #"{"work": 30}"#).utf8))
        #expect(workout.countdown == 3)
        #expect(workout.halfway == false)
        #expect(workout.tags == [])
        #expect(workout.description == nil)
        guard case .timed(let step) = try #require(workout.steps.first) else {
            Issue.record("a work step did not decode as a timed step")
            return
        }
        #expect(step.kind == .work)
        #expect(step.name == nil)
        #expect(step.cue == nil)
        #expect(step.cues == [])
    }

    @Test func acceptsTheEndsOfEveryRange() {
        #expect(diagnostics(#"{"name": "W", "countdown": 0, "steps": [{"work": 1}]}"#) == [])
        #expect(diagnostics(#"{"name": "W", "countdown": 10, "steps": [{"work": 1}]}"#) == [])
        #expect(diagnostics(#"{"name": "W", "pacer": 1.0, "steps": [{"work": 1}]}"#) == [])
        #expect(diagnostics(workoutJSON(steps: #"{"work": "24h"}, {"rest": 0.001}, {"reps": 100000, "name": "x"}"#)) == [])
    }

    @Test func ignoresSchemaWhateverItsValue() {
        #expect(diagnostics(#"{"$schema": "./schema.json", "name": "W", "steps": [{"work": 1}]}"#) == [])
        #expect(diagnostics(#"{"$schema": 42, "name": "W", "steps": [{"work": 1}]}"#) == [])
    }

    // MARK: - Unknown keys

    @Test func unknownTopLevelKeysGetSuggestions() {
        #expect(
            diagnostics(#"{"nmae": "W", "steps": [{"work": 30}]}"#) == [
                at("", #"unknown key "nmae" (did you mean "name"?)"#),
                at("", #"missing required key "name""#),
            ])
        #expect(
            diagnostics(#"{"name": "W", "stpes": [{"work": 30}]}"#) == [
                at("", #"unknown key "stpes" (did you mean "steps"?)"#),
                at("", #"missing required key "steps": the list of steps to run"#),
            ])
        #expect(
            diagnostics(#"{"name": "W", "halfwya": true, "steps": [{"work": 30}]}"#) == [
                at("", #"unknown key "halfwya" (did you mean "halfway"?)"#)
            ])
        #expect(
            diagnostics(#"{"name": "W", "colour": "red", "steps": [{"work": 30}]}"#) == [
                at("", #"unknown key "colour"; expected one of $schema, pacer, name, description, tags, countdown, halfway, steps"#)
            ])
    }

    @Test func unknownStepKeysGetSuggestions() {
        // A misspelt kind is reported once, as the misspelling, not also as a step without a kind.
        #expect(
            diagnostics(workoutJSON(steps: #"{"wrok": "30s"}"#)) == [
                at("steps[0]", #"unknown key "wrok" (did you mean "work"?)"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": "30s", "nmae": "Squats"}"#)) == [
                at("steps[0]", #"unknown key "nmae" (did you mean "name"?)"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"nmae": "Squats"}"#)) == [
                at("steps[0]", #"unknown key "nmae" (did you mean "name"?)"#),
                at("steps[0]", noKind),
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": "30s", "weight": 20}"#)) == [
                at(
                    "steps[0]",
                    #"unknown key "weight"; expected one of work, name, exercise, cue, cues, halfway, target, distance, power, heart_rate, pace, cadence"#
                )
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": ["A"], "work": 30, "rouds": 3}"#)) == [
                at("steps[0]", #"unknown key "rouds" (did you mean "rounds"?)"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 2, "steps": [{"work": 1}], "rest_between_round": 5}"#)) == [
                at("steps[0]", #"unknown key "rest_between_round" (did you mean "rest_between_rounds"?)"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": [{"name": "A", "wrok": 45}], "work": 30}"#)) == [
                at("steps[0].circuit[0]", #"unknown key "wrok" (did you mean "work"?)"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 30, "cues": [{"at": 5, "txt": "Go"}]}"#)) == [
                at("steps[0].cues[0]", #"unknown key "txt" (did you mean "text"?)"#),
                at("steps[0].cues[0]", #"a cue needs "text", what to announce"#),
            ])
    }

    // MARK: - Kinds

    @Test func aStepNeedsExactlyOneKind() {
        #expect(diagnostics(workoutJSON(steps: #"{"name": "Squats"}"#)) == [at("steps[0]", noKind)])
        #expect(diagnostics(workoutJSON(steps: "{}")) == [at("steps[0]", noKind)])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": "30s", "rest": "10s"}"#)) == [
                at("steps[0]", #"this step has 2 kinds, "work" and "rest": a step is exactly one of them, so split it into separate steps"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 1}, {"work": 1, "rest": 1, "reps": 5}"#)) == [
                at(
                    "steps[1]",
                    #"this step has 3 kinds, "work", "rest" and "reps": a step is exactly one of them, so split it into separate steps"#)
            ])
        // A circuit's own "work" and "rest" do not count as further kinds.
        #expect(diagnostics(workoutJSON(steps: #"{"circuit": ["A", "B"], "work": 30, "rest": 10}"#)) == [])
    }

    // MARK: - Types

    @Test func wrongTypesAreNamed() {
        #expect(diagnostics("[]") == [at("", #"a workout is a JSON object like {"name": …, "steps": […]}, not an array"#)])
        #expect(diagnostics(#"{"name": 5, "steps": [{"work": 1}]}"#) == [at("name", "must be a string, not a number")])
        #expect(diagnostics(#"{"name": "W", "steps": {}}"#) == [at("steps", "must be an array of steps, not an object")])
        #expect(
            diagnostics(#"{"name": "W", "description": true, "steps": [{"work": 1}]}"#) == [
                at("description", "must be a string, not a boolean")
            ])
        #expect(
            diagnostics(#"{"name": "W", "tags": "hiit", "steps": [{"work": 1}]}"#) == [
                at("tags", "must be an array of strings, not a string")
            ])
        #expect(
            diagnostics(#"{"name": "W", "tags": ["a", 1, null], "steps": [{"work": 1}]}"#) == [
                at("tags[1]", "must be a string, not a number"),
                at("tags[2]", "must be a string, not null"),
            ])
        #expect(
            diagnostics(#"{"name": "W", "halfway": "yes", "steps": [{"work": 1}]}"#) == [
                at("halfway", "must be true or false, not a string")
            ])
        #expect(
            diagnostics(#"{"name": "W", "countdown": "3", "steps": [{"work": 1}]}"#) == [
                at("countdown", #"must be a whole number from 0 to 10, not "3""#)
            ])
        #expect(
            diagnostics(#"{"name": "W", "countdown": 2.5, "steps": [{"work": 1}]}"#) == [
                at("countdown", "must be a whole number from 0 to 10, not 2.5")
            ])
        #expect(diagnostics(workoutJSON(steps: #""work""#)) == [at("steps[0]", #"a step is an object like {"work": "30s"}, not a string"#)])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": true}"#)) == [
                at("steps[0].work", #"must be a duration such as 30, "45s", "1m30s" or "1:30", not a boolean"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"reps": "5", "name": "Squat"}"#)) == [
                at("steps[0].reps", #"must be a whole number from 1 to 100000, not "5""#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"reps": 5, "name": "Squat", "weight": -5}"#)) == [
                at("steps[0].weight", #"must be a number of 0 or more or a text such as "20 kg", not -5"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"reps": 5, "name": "Squat", "weight": [20]}"#)) == [
                at("steps[0].weight", "one value per round works only inside a repeat: give a single value here")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": "Squats", "work": 30}"#)) == [
                at("steps[0].circuit", "must be an array of exercises, not a string")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": [5], "work": 30}"#)) == [
                at("steps[0].circuit[0]", #"an exercise is a name or an object like {"name": "Plank", "work": "45s"}, not a number"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 30, "cues": {}}"#)) == [
                at("steps[0].cues", #"must be an array like [{"at": "15s", "text": "Switch sides"}], not an object"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 30, "cues": ["Go"]}"#)) == [
                at("steps[0].cues[0]", #"a cue is an object like {"at": "15s", "text": "Switch sides"}, not a string"#)
            ])
    }

    @Test func namesAndCuesAreNonEmptySingleLines() {
        #expect(diagnostics(#"{"name": " ", "steps": [{"work": 1}]}"#) == [at("name", "must not be empty")])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 1, "name": "a\nb"}"#)) == [
                at("steps[0].name", "must be one line: remove the line break")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 1, "cue": "a\rb"}"#)) == [
                at("steps[0].cue", "must be one line: remove the line break")
            ])
        #expect(diagnostics(workoutJSON(steps: #"{"circuit": [""], "work": 1}"#)) == [at("steps[0].circuit[0]", "must not be empty")])
    }

    @Test func missingPartsOfSteps() {
        #expect(diagnostics(#"{"steps": [{"work": 1}]}"#) == [at("", #"missing required key "name""#)])
        #expect(diagnostics(workoutJSON(steps: #"{"repeat": 2}"#)) == [at("steps[0]", #"a repeat needs "steps", the steps to repeat"#)])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": ["A"]}"#)) == [
                at("steps[0]", #"a circuit needs "work", how long each exercise lasts"#)
            ])
        #expect(diagnostics(workoutJSON(steps: #"{"reps": 5}"#)) == [at("steps[0]", #"a rep step needs a "name", the exercise to do"#)])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": [{"work": 40}], "work": 30}"#)) == [
                at("steps[0].circuit[0]", #"an exercise needs a "name""#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 30, "cues": [{"text": "Go"}]}"#)) == [
                at("steps[0].cues[0]", #"a cue needs "at", the time after the phase starts"#)
            ])
    }

    // MARK: - Durations and ranges

    @Test func badDurationsSayWhy() {
        #expect(diagnostics(workoutJSON(steps: #"{"work": "30x"}"#)) == [at("steps[0].work", #""30x" \#(notADuration)"#)])
        #expect(diagnostics(workoutJSON(steps: #"{"rest": "-30s"}"#)) == [at("steps[0].rest", #""-30s" \#(notADuration)"#)])
        #expect(diagnostics(workoutJSON(steps: #"{"rest": ".5s"}"#)) == [at("steps[0].rest", #"".5s" \#(notADuration)"#)])
        #expect(diagnostics(workoutJSON(steps: #"{"work": "1:75"}"#)) == [at("steps[0].work", #""1:75" \#(notADuration)"#)])
        #expect(diagnostics(workoutJSON(steps: #"{"work": 0}"#)) == [at("steps[0].work", "0 is not a duration greater than zero")])
        #expect(diagnostics(workoutJSON(steps: #"{"work": -30}"#)) == [at("steps[0].work", "-30 is not a duration greater than zero")])
        #expect(
            diagnostics(workoutJSON(steps: #"{"warmup": "0"}"#)) == [at("steps[0].warmup", #""0" is not a duration greater than zero"#)])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 0.0001}"#)) == [at("steps[0].work", "0.0001 is not a duration greater than zero")])
        #expect(
            diagnostics(workoutJSON(steps: #"{"cooldown": "25h"}"#)) == [
                at("steps[0].cooldown", #""25h" is longer than 24 hours, the limit for one duration"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"prepare": 86401}"#)) == [
                at("steps[0].prepare", "86401 is longer than 24 hours, the limit for one duration")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"reps": 1, "name": "x", "cap": "0s"}"#)) == [
                at("steps[0].cap", #""0s" is not a duration greater than zero"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 2, "steps": [{"work": 1}], "rest_between_rounds": "soon"}"#)) == [
                at("steps[0].rest_between_rounds", #""soon" \#(notADuration)"#)
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": [{"name": "A", "work": "x"}], "work": 30, "rest": "y"}"#)) == [
                at("steps[0].rest", #""y" \#(notADuration)"#),
                at("steps[0].circuit[0].work", #""x" \#(notADuration)"#),
            ])
    }

    @Test func valuesOutOfRange() {
        #expect(
            diagnostics(#"{"name": "W", "countdown": 11, "steps": [{"work": 1}]}"#) == [
                at("countdown", "countdown must be from 0 to 10, not 11")
            ])
        #expect(
            diagnostics(#"{"name": "W", "countdown": -1, "steps": [{"work": 1}]}"#) == [
                at("countdown", "countdown must be from 0 to 10, not -1")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"reps": 0, "name": "x"}"#)) == [at("steps[0].reps", "reps must be from 1 to 100000, not 0")])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 0, "steps": [{"work": 1}]}"#)) == [
                at("steps[0].repeat", "repeat must be from 1 to 2147483647, not 0")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 1.5, "steps": [{"work": 1}]}"#)) == [
                at("steps[0].repeat", "must be a whole number from 1 to 2147483647, not 1.5")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": ["A"], "work": 1, "rounds": 0}"#)) == [
                at("steps[0].rounds", "rounds must be from 1 to 2147483647, not 0")
            ])
    }

    @Test func otherFormatVersionsAreRefusedNamingBoth() {
        #expect(
            diagnostics(#"{"pacer": 2, "name": "W", "steps": [{"work": 1}]}"#) == [
                at("pacer", "this file is format 2, but this pacer reads format 1 only")
            ])
        #expect(
            diagnostics(#"{"pacer": 1.5, "name": "W", "steps": [{"work": 1}]}"#) == [
                at("pacer", "this file is format 1.5, but this pacer reads format 1 only")
            ])
        #expect(
            diagnostics(#"{"pacer": "1", "name": "W", "steps": [{"work": 1}]}"#) == [
                at("pacer", #"this file is format "1", but this pacer reads format 1 only"#)
            ])
        #expect(diagnostics(#"{"pacer": 1, "name": "W", "steps": [{"work": 1}]}"#) == [])
    }

    // MARK: - Structure

    @Test func emptyStepsAndCircuitsAreRefused() {
        #expect(diagnostics(#"{"name": "W", "steps": []}"#) == [at("steps", "must not be empty: give at least one step")])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 2, "steps": []}"#)) == [
                at("steps[0].steps", "must not be empty: give at least one step")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": [], "work": 30}"#)) == [
                at("steps[0].circuit", "must not be empty: name at least one exercise")
            ])
    }

    @Test func nestingDeeperThan32IsRefused() {
        #expect(diagnostics(workoutJSON(steps: nestedRepeats(WorkoutDecoder.maximumNesting))) == [])
        let path = "steps[0]" + String(repeating: ".steps[0]", count: 32)
        #expect(
            diagnostics(workoutJSON(steps: nestedRepeats(33))) == [
                at(path, "repeats and circuits nest more than 32 levels deep here, the limit")
            ])
        // A circuit counts as a level too.
        let circuit = #"{"circuit": ["A"], "work": 30}"#
        #expect(
            diagnostics(workoutJSON(steps: nestedRepeats(32, innermost: circuit))) == [
                at(path, "repeats and circuits nest more than 32 levels deep here, the limit")
            ])
        #expect(diagnostics(workoutJSON(steps: nestedRepeats(31, innermost: circuit))) == [])
    }

    @Test func roundTokensOnlyInsideRounds() {
        #expect(diagnostics(workoutJSON(steps: #"{"work": 30, "name": "Set {round}"}"#)) == [at("steps[0].name", roundOutside)])
        #expect(diagnostics(workoutJSON(steps: #"{"work": 30, "cue": "of {rounds}"}"#)) == [at("steps[0].cue", roundOutside)])
        #expect(diagnostics(workoutJSON(steps: #"{"reps": 5, "name": "Set {round}"}"#)) == [at("steps[0].name", roundOutside)])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": 30, "cues": [{"at": 5, "text": "{round}"}]}"#)) == [
                at("steps[0].cues[0].text", roundOutside)
            ])
        #expect(diagnostics(#"{"name": "Day {round}", "steps": [{"work": 1}]}"#) == [at("name", roundOutside)])
        // Inside a repeat or a circuit the tokens are fine, however deep.
        #expect(
            diagnostics(
                workoutJSON(steps: #"{"repeat": 2, "name": "Round {round}", "steps": [{"work": 30, "name": "Set {round}/{rounds}"}]}"#))
                == [])
        #expect(diagnostics(workoutJSON(steps: #"{"circuit": ["A {round}", {"name": "B", "cue": "{rounds}"}], "work": 30}"#)) == [])
        #expect(diagnostics(workoutJSON(steps: nestedRepeats(3, count: 2, innermost: #"{"reps": 5, "name": "Set {round}"}"#))) == [])
    }

    // MARK: - Cues

    @Test func aCueMustComeBeforeTheEndOfItsPhase() {
        #expect(diagnostics(workoutJSON(steps: #"{"work": "30s", "cues": [{"at": "29.5s", "text": "Go"}]}"#)) == [])
        #expect(
            diagnostics(workoutJSON(steps: #"{"work": "30s", "cues": [{"at": "10s", "text": "A"}, {"at": "30s", "text": "B"}]}"#)) == [
                at("steps[0].cues[1].at", "30s is not before the end of the phase (30s), so the cue would never be announced")
            ])
        // A rep step ends at its cap; without one, any time is fine.
        #expect(
            diagnostics(workoutJSON(steps: #"{"reps": 5, "name": "x", "cap": "1m", "cues": [{"at": "90s", "text": "Go"}]}"#)) == [
                at("steps[0].cues[0].at", "1m 30s is not before the end of the phase (1m), so the cue would never be announced")
            ])
        #expect(diagnostics(workoutJSON(steps: #"{"reps": 5, "name": "x", "cues": [{"at": "90s", "text": "Go"}]}"#)) == [])
        // A circuit exercise ends after the circuit's work, or its own.
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": [{"name": "Plank", "cues": [{"at": "45s", "text": "Switch"}]}], "work": "30s"}"#))
                == [
                    at(
                        "steps[0].circuit[0].cues[0].at",
                        "45s is not before the end of the phase (30s), so the cue would never be announced")
                ])
        #expect(
            diagnostics(
                workoutJSON(
                    steps: #"{"circuit": [{"name": "Plank", "work": "1m", "cues": [{"at": "45s", "text": "Switch"}]}], "work": "30s"}"#))
                == [])
        #expect(
            diagnostics(
                workoutJSON(
                    steps: #"{"circuit": [{"name": "Plank", "work": "20s", "cues": [{"at": "25s", "text": "Switch"}]}], "work": "30s"}"#))
                == [
                    at(
                        "steps[0].circuit[0].cues[0].at",
                        "25s is not before the end of the phase (20s), so the cue would never be announced")
                ])
    }

    // MARK: - Many problems

    @Test func reportsEveryProblemTogetherInSourceOrder() {
        let json = """
            {
              "name": "W",
              "countdown": 11,
              "steps": [
                {"work": "abc"},
                {"rest": 10, "nmae": "x"},
                {"circuit": [], "work": 30},
                {"reps": 0, "name": "Push-ups"},
                {"repeat": 2, "steps": [{"work": 1}, {"wrok": 2}]}
              ]
            }
            """
        #expect(
            diagnostics(json) == [
                at("countdown", "countdown must be from 0 to 10, not 11"),
                at("steps[0].work", #""abc" \#(notADuration)"#),
                at("steps[1]", #"unknown key "nmae" (did you mean "name"?)"#),
                at("steps[2].circuit", "must not be empty: name at least one exercise"),
                at("steps[3].reps", "reps must be from 1 to 100000, not 0"),
                at("steps[4].steps[1]", #"unknown key "wrok" (did you mean "work"?)"#),
            ])
    }

    @Test func aSyntaxErrorIsTheOnlyDiagnostic() {
        #expect(
            diagnostics("{\n  \"name\": \"W\",\n  \"steps\": [{\"work\": 30},]\n}") == [
                Diagnostic(.source(SourcePosition(line: 3, column: 26)), "unexpected ']': expected a value")
            ])
    }

    @Test func diagnosticsFormatLikeACompiler() {
        let syntax = Diagnostic(.source(SourcePosition(line: 3, column: 7)), "unexpected '}'")
        #expect(syntax.description == "3:7: error: unexpected '}'")
        #expect(syntax.formatted(file: "w.json") == "w.json:3:7: error: unexpected '}'")
        let located = at("steps[2].circuit[4]", "must not be empty")
        #expect(located.description == "error: at steps[2].circuit[4]: must not be empty")
        #expect(located.formatted(file: "w.json") == "w.json: error: at steps[2].circuit[4]: must not be empty")
        #expect(at("", "missing").formatted(file: "w.json") == "w.json: error: missing")
        #expect(Diagnostic(.file, "too big").formatted(file: "w.json") == "w.json: error: too big")
    }

    // MARK: - Limits of the plan

    @Test func aMillionTimesAMillionIsRefusedFastWithoutExpanding() {
        let clock = ContinuousClock()
        var found: [Diagnostic] = []
        let elapsed = clock.measure {
            found = diagnostics(workoutJSON(steps: nestedRepeats(2, count: 1_000_000, innermost: #"{"work": 1}"#)))
        }
        #expect(
            found == [
                at("steps", "the workout expands to 1000000000000 phases; the limit is 100000: lower a repeat or rounds count"),
                at("steps", "the workout lasts 11574074d 1h 46m 40s; the limit is 7 days"),
            ])
        #expect(elapsed < .seconds(2))
    }

    @Test func aMillionToTheFifthSaturatesInsteadOfOverflowing() {
        let clock = ContinuousClock()
        var found: [Diagnostic] = []
        let elapsed = clock.measure {
            found = diagnostics(workoutJSON(steps: nestedRepeats(5, count: 1_000_000)))
        }
        #expect(
            found == [
                at("steps", "the workout expands to more than 2147483647 phases; the limit is 100000: lower a repeat or rounds count"),
                at("steps", "the workout lasts far more than 7 days, the limit"),
            ])
        #expect(found.first?.message.contains("100000") == true)
        #expect(elapsed < .seconds(2))
    }

    @Test func thePhaseLimitCountsRestsBetweenRounds() {
        #expect(diagnostics(workoutJSON(steps: #"{"repeat": 100000, "steps": [{"work": 1}]}"#)) == [])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 100001, "steps": [{"work": 1}]}"#)) == [
                at("steps", "the workout expands to 100001 phases; the limit is 100000: lower a repeat or rounds count")
            ])
        #expect(diagnostics(workoutJSON(steps: #"{"repeat": 50000, "rest_between_rounds": 1, "steps": [{"work": 1}]}"#)) == [])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 50001, "rest_between_rounds": 1, "steps": [{"work": 1}]}"#)) == [
                at("steps", "the workout expands to 100001 phases; the limit is 100000: lower a repeat or rounds count")
            ])
        #expect(
            diagnostics(workoutJSON(steps: #"{"circuit": ["A", "B"], "work": 1, "rest": 1, "rounds": 25001}"#)) == [
                at("steps", "the workout expands to 100003 phases; the limit is 100000: lower a repeat or rounds count")
            ])
    }

    @Test func theSevenDayLimit() {
        #expect(diagnostics(workoutJSON(steps: #"{"repeat": 7, "steps": [{"work": "24h"}]}"#)) == [])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 8, "steps": [{"work": "24h"}]}"#)) == [
                at("steps", "the workout lasts 8d; the limit is 7 days")
            ])
        #expect(diagnostics(workoutJSON(steps: #"{"repeat": 4, "rest_between_rounds": "24h", "steps": [{"work": "24h"}]}"#)) == [])
        #expect(
            diagnostics(workoutJSON(steps: #"{"repeat": 4, "rest_between_rounds": "24h", "steps": [{"work": "24h"}]}, {"cooldown": 1}"#))
                == [
                    at("steps", "the workout lasts 7d 1s; the limit is 7 days")
                ])
        // Rep steps have no planned time, whatever their cap.
        #expect(diagnostics(workoutJSON(steps: #"{"repeat": 10, "steps": [{"reps": 5, "name": "x", "cap": "24h"}]}"#)) == [])
    }

    @Test func oversizedFilesAreRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: WorkoutDecoder.maximumFileSize + 1)
        guard case .failure(let errors) = WorkoutFixture.decode(bytes) else {
            Issue.record("an oversized file decoded")
            return
        }
        #expect(errors.diagnostics == [Diagnostic(.file, "the file is 16777217 bytes; workout files are limited to 16 MiB")])
    }

    // Issue 7, item 21: a UTF-16 file gave "unexpected byte 0xFF"; it is named as UTF-16, with the fix.
    @Test func aUTF16FileIsNamedAsSuch() {
        let json = Array(#"{"name": "W", "steps": [{"work": 1}]}"#.utf8)
        let little: [UInt8] = json.flatMap { [$0, 0] }
        let big: [UInt8] = json.flatMap { [0, $0] }
        let cases: [([UInt8], String)] = [
            ([0xFF, 0xFE] + little, "little-endian"), (little, "little-endian"),
            ([0xFE, 0xFF] + big, "big-endian"), (big, "big-endian"),
        ]
        for (bytes, order) in cases {
            let expected =
                "the file is UTF-16 (\(order)); workout files are UTF-8: save it as UTF-8 (in most editors: Save As, Encoding UTF-8)"
            guard case .failure(let errors) = WorkoutFixture.decode(bytes) else {
                Issue.record("UTF-16 (\(order)) decoded")
                continue
            }
            #expect(errors.diagnostics == [Diagnostic(.file, expected)], "\(order)")
        }
        // The control: the same text in UTF-8 decodes.
        #expect(diagnostics(#"{"name": "W", "steps": [{"work": 1}]}"#) == [])
    }

    @Test func theDecoderReportsTheDepthErrorAsASyntaxDiagnostic() {
        let found = WorkoutFixture.diagnostics(String(repeating: "[", count: 10_000))
        #expect(
            found == [
                Diagnostic(.source(SourcePosition(line: 1, column: 257)), "arrays and objects nest deeper than 256 levels, the limit")
            ])
    }
}
