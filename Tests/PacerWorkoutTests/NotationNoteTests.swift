import Testing

@testable import PacerFoundation
@testable import PacerWorkout

/// Notes (`{50%: Switch sides}`, `{cue: …}`, `{cap: 2m}`, `{name: …}`, the workout's), names per
/// round and `for` blocks in the notation, and their mistakes at their column.
@Suite("notation notes and for")
struct NotationNoteTests {
    // Issue 35, item 7: cues at a time, as files allow them.
    @Test func cuesAtATimeFollowTheStep() throws {
        let plank = try NotationTests.plan("45s Side plank {50%: Switch sides} {-10s: Ten seconds, hold it} {5s:Breathe}")
        #expect(plank.phases[0].name == "Side plank")
        #expect(
            plank.phases[0].cues == [
                Cue(at: WorkoutDuration(milliseconds: 22_500), text: "Switch sides"), Cue(at: .seconds(35), text: "Ten seconds, hold it"),
                Cue(at: .seconds(5), text: "Breathe"),
            ])
        let long = try NotationTests.plan("2m Row {1:30: Thirty to go} {12.5%: \"Quoted, {with} braces\"}").phases[0]
        #expect(long.cues.map(\.text) == ["Thirty to go", "Quoted, {with} braces"] && long.cues.map(\.at) == [.seconds(90), .seconds(15)])
        let rep = try NotationTests.plan("5 reps Squat @ 80 kg {cue: Brace, sit} {exercise: Back squat} {cap: 2m} {-30s: Last thirty}")
            .phases[0]
        #expect(
            rep.cue == "Brace, sit" && rep.exercise == "Back squat" && rep.cap == .seconds(120)
                && rep.cues == [Cue(at: .seconds(90), text: "Last thirty")])
        #expect(rep.weight == .text("80 kg"))
    }

    @Test func roundAndItemInANameAreNotNotes() throws {
        let plan = try NotationTests.plan("2x(20s Sprint {round}/{rounds} {cue: Go {round}})")
        #expect(plan.phases.map(\.name) == ["Sprint 1/2", "Sprint 2/2"] && plan.phases.map(\.cue) == ["Go 1", "Go 2"])
    }

    @Test func anOpenStepTakesItsTargetTimeAndDistance() throws {
        let open = try NotationTests.plan("open 400 m {target: 1:36} {distance: 400 m} {halfway: false}").phases[0]
        #expect(open.isOpen && open.target == .seconds(96) && open.distance == "400 m" && open.halfway == false)
    }

    @Test func blocksTakeANameAndTheLineTheWorkoutsNotes() throws {
        let line =
            "{countdown: 5} {halfway: true} {tags: hiit, \"a, b\"} 2x(20s) / 10s cap 5m {name: Tabata}, every 1m x2(5 reps A) {name: E}, amrap 2m(3 reps B) {name: Am}"
        let workout = try NotationWorkout(line, name: "W").decode().workout
        #expect(workout.countdown == 5 && workout.halfway && workout.tags == ["hiit", "a, b"])
        guard case .repeated(let block) = workout.steps[0], case .emom(let emom) = workout.steps[1],
            case .amrap(let amrap) = workout.steps[2]
        else {
            Issue.record("\(workout.steps)")
            return
        }
        #expect(
            block.name == "Tabata" && block.restBetweenRounds == .seconds(10) && block.timeCap == .seconds(300) && emom.name == "E"
                && amrap.name == "Am")
        #expect(NotationWorkout.looksLikeNotation("{countdown: 5} 20s") && NotationWorkout.looksLikeNotation("for(A, B)(20s {item})"))
        #expect(!NotationWorkout.looksLikeNotation("{round} trip") && !NotationWorkout.looksLikeNotation("forest"))
        #expect(!NotationWorkout.looksLikeNotation(#"{"name": "W", "steps": []}"#), "a JSON object is not a note")
    }

    @Test func aNamePerRoundIsAListInBrackets() throws {
        let plan = try NotationTests.plan(#"3x([15,8,15] reps [Swings, "Burpees, slow", Swings], [20s,30s,40s] [Row, Bike, Run])"#)
        #expect(plan.phases.map(\.name) == ["Swings", "Row", "Burpees, slow", "Bike", "Swings", "Run"])
    }

    // Issue 35, item 7: one block per item, as the `for` key in files.
    @Test func forRunsItsStepsOncePerItem() throws {
        let short = try NotationTests.plan("for(Squats, Push-ups, Lunges, Burpees) 8x(20s {item}) / 10s")
        #expect(
            short.phases.count == 4 * 15
                && short.phases.filter { $0.kind == .work }.map(\.name)
                    == ["Squats", "Push-ups", "Lunges", "Burpees"].flatMap { Array(repeating: $0, count: 8) }
        )
        #expect(!short.phases.contains { $0.kind == .rest && $0.duration == .seconds(60) })
        let bracketed = try NotationTests.plan(
            #"for(Squats, "Push-ups, wide") (8x(20s {item} {round}/{rounds}) / 10s, 30s rest) / 1m cap 20m"#)
        let works = bracketed.phases.filter { $0.kind == .work }
        #expect(works.first?.name == "Squats 1/8" && works.last?.name == "Push-ups, wide 8/8")
        #expect(bracketed.phases.filter { $0.duration == .seconds(60) }.count == 1, "a rest between items, never after the last")
        #expect(bracketed.phases.allSatisfy { $0.timeLimit?.length == .seconds(1200) })
        let perItem = try NotationTests.plan("for(A, B)(20s [Light {item}, Heavy {item}])")
        #expect(perItem.phases.map(\.name) == ["Light A", "Heavy B"], "a value per item, as in files")
    }

    @Test(arguments: [
        ("45s Side plank {50%: Switch sides", 34, "the '{' at column 16 is not closed: expected '}'"),
        (
            "45s Side plank {cuee: x}", 17,
            #"unknown note "cuee" (did you mean "cue"?): a timed step takes {cue: …}, {exercise: …}, {halfway: …}, {target: …}, {distance: …}, or a cue at a time"#
        ),
        ("5 reps A {halfway: true}", 11, #"unknown note "halfway": a rep step takes {cue: …}, {exercise: …}, {cap: …}"#),
        ("2x(20s) {50%: x}", 10, #"unknown note "50%": a block takes {name: …} (a name"#),
        ("{name: x} 20s", 2, #"unknown note "name": the line starts with {countdown: …}, {halfway: …}, {tags: …} before its first step"#),
        ("45s Side plank {100%: x}", 17, #""100%" is not a share of the phase"#),
        ("45s Side plank {45s: x}", 17, "45s is not before the end of the phase (45s)"),
        ("open Lap {50%: x}", 11, #""50%" needs a step with an end"#),
        ("45s {halfway: maybe}", 15, "write {halfway: true} or {halfway: false}, not {halfway: maybe}"),
        ("{countdown: 50} 20s", 13, "countdown must be from 0 to 10, not 50"),
        ("{countdown: soon} 20s", 13, #"must be a whole number from 0 to 10, not "soon""#),
        ("5 reps X {cap: 1m} {cap: 2m}", 21, "a second {cap: …} on this step: give it once"),
        ("45s A {cue: }", 13, "expected the text of the note before '}'"),
        (#"45s A {cue: "x" y}"#, 17, "unexpected 'y': expected '}' after the quoted text"),
        ("45s A {target: 1m}", 16, "only an open step has a target"),
        ("20s {x: y}", 6, #"unknown note "x""#),
        ("for A", 5, "expected '(' and the items after 'for'"),
        ("for(A, ", 8, "the '(' at column 4 is not closed: expected ')'"),
        ("for()(20s)", 5, "expected an item here, as in for(Squats, Push-ups)(20s {item})"),
        ("for(A B C", 10, "the '(' at column 4 is not closed"),
        ("for(A, B)", 10, "expected the steps to run for each item"),
        ("for(A, B)()", 11, "expected a step inside the brackets"),
        ("for(A, B)(20s) / ", 18, "expected the rest between rounds after '/'"),
        ("for(A, B)(20s {round}), 20s {item}", 29, "{item} only means something inside a for"),
        ("3x([5,5,5] reps [A, B])", 17, "has 2 values but the repeat has 3 rounds"),
        ("3x(5 reps [A, B, C)", 19, "unexpected ')': expected ',' or ']'"),
    ])
    func mistakesPointAtTheirColumn(line: String, column: Int, message: String) {
        let errors = NotationTests.errors(line)
        #expect(errors.count == 1 && errors[0].hasPrefix("<notation>:1:\(column): error: \(message)"), "\(line): \(errors)")
    }
}
