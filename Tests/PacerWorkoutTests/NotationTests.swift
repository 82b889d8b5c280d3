import PacerFoundation
import Testing

@testable import PacerWorkout

/// The one-line notation: every form, nesting, quoting and every error at its column (targets,
/// notes and `for` in their own suites, the round trip of every shipped workout in
/// `NotationRoundTripTests`).
@Suite("notation")
struct NotationTests {
    static func plan(_ line: String, name: String? = nil) throws -> Plan {
        Plan(try NotationWorkout(line, name: name).decode().workout)
    }

    /// The diagnostics of a line, as `<notation>:1:COL: error: MESSAGE`.
    static func errors(_ line: String) -> [String] {
        do {
            _ = try NotationWorkout(line).decode()
            return []
        } catch {
            return error.diagnostics.map { $0.formatted(file: NotationWorkout.label) }
        }
    }

    @Test func timedStepsTakeADurationAKindAndAName() throws {
        let plan = try Self.plan("10s prepare Get ready, 45s Kettlebell swings, 10s rest, 2m cooldown, 1m30s, 1:30 warmup, 90, 1m 30s rest")
        #expect(plan.phases.map(\.kind) == [.prepare, .work, .rest, .cooldown, .work, .warmup, .work, .rest])
        #expect(plan.phases.map(\.name) == ["Get ready", "Kettlebell swings", "Rest", "Cooldown", "Work", "Warmup", "Work", "Rest"])
        #expect(plan.phases.map { $0.duration?.milliseconds } == [10, 45, 10, 120, 90, 90, 90, 90].map { Int64($0 * 1000) })
        #expect(
            plan.workoutName == "10s prepare Get ready, 45s Kettlebell swings, 10s rest, 2m cooldown, 1m30s, 1:30 warmup, 90, 1m 30s rest")
        #expect(try Self.plan("20s REST").phases[0].kind == .rest, "a kind in capitals is still the kind")
    }

    @Test func repStepsTakeANameAndAWeight() throws {
        let plan = try Self.plan(#"5 reps Back squat @ 80 kg, 8 reps Pull-ups, 3 reps Bench press @ 62.5, 1 rep "Deadlift (max)" @ "100""#)
        #expect(plan.phases.map(\.kind) == [.reps, .reps, .reps, .reps])
        #expect(plan.phases.map(\.name) == ["Back squat", "Pull-ups", "Bench press", "Deadlift (max)"])
        #expect(plan.phases.map(\.reps) == [5, 8, 3, 1])
        #expect(plan.phases.map(\.weight) == [.text("80 kg"), nil, .number(62.5), .text("100")])
    }

    @Test func repeatsExpandLiterallyAndNest() throws {
        let plan = try Self.plan("10s prepare, 8x(20s Sprint, 10s rest), 2m cooldown")
        #expect(plan.phases.count == 18 && plan.phases.filter { $0.name == "Sprint" }.count == 8)
        #expect(plan.phases[16].kind == .rest && plan.phases[16].round == 8, "literally: the last round ends with its rest")
        for spelling in ["3x(10s)", "3 x (10s)", "3×(10s)", "3 x(10s)", "3x (10s)"] {
            #expect(try Self.plan(spelling).phases.count == 3, "\(spelling)")
        }
        let nested = try Self.plan("2x(3x(20s Sprint {round}/{rounds}), 1m rest)")
        #expect(nested.phases.count == 8 && nested.phases[2].name == "Sprint 3/3" && nested.phases[3].kind == .rest)
        #expect(nested.workoutName == "2x(3x(20s Sprint round/rounds), 1m rest)", "the name drops the braces, which mean nothing there")
    }

    @Test func aRestBetweenRoundsFollowsASlash() throws {
        let plan = try Self.plan("8x(20s Sprint) / 10s")
        #expect(plan.phases.count == 15 && plan.phases.last?.name == "Sprint" && plan.phases[1].kind == .rest)
    }

    @Test func aNameWithACommaOrABracketIsQuoted() throws {
        let plan = try Self.plan(#"30s "Plank (elbows)", 30s "Left, then right", 30s "Say \"hi\" \\ bye""#)
        #expect(plan.phases.map(\.name) == ["Plank (elbows)", "Left, then right", #"Say "hi" \ bye"#])
    }

    @Test func nameGivesTheWorkoutItsName() throws {
        #expect(try Self.plan("30s", name: "Quick").workoutName == "Quick")
    }

    @Test(arguments: [
        ("10s prepare, x(20s)", 14, "unexpected 'x': expected a step"),
        ("3x(10s, 20s", 12, "the line ends here, but the '(' at column 3 is not closed: expected ')'"),
        ("10s, 20s)", 9, "unexpected ')': there is no '(' open to close"),
        ("10s,, 20s", 5, "unexpected ',': expected a step"),
        ("10s,", 5, "unexpected the end of the line: expected a step"),
        ("3x()", 4, "expected a step inside the brackets"),
        ("30s Plank (elbows)", 11, "a name with a bracket in it is written in double quotes"),
        (#"30s "open"#, 5, "this quoted name is not closed"),
        ("5 reps", 7, "expected the exercise after 'reps'"),
        ("5 reps Squat @", 15, "expected a weight after '@'"),
        ("3 (10s)", 3, "unexpected '(': a repeat is written N x (steps)"),
        ("3x(10s) /", 10, "expected the rest between rounds after '/'"),
        (#"10s "a" b"#, 9, "unexpected 'b': expected ',' before the next step"),
        ("3x(10s \"a\" b)", 12, "unexpected 'b': expected ',' before the next step or ')' to close the repeat"),
    ])
    func syntaxErrorsPointAtTheirColumn(line: String, column: Int, message: String) {
        let errors = Self.errors(line)
        #expect(errors.count == 1 && errors[0].hasPrefix("<notation>:1:\(column): error: \(message)"), "\(line): \(errors)")
    }

    @Test func theDecodersFindingsPointAtTheStepTheyAreAbout() {
        #expect(Self.errors("10s, 0s rest") == [#"<notation>:1:6: error: "0s" is not a duration greater than zero"#])
        #expect(
            Self.errors("10s, 20q") == [
                #"<notation>:1:6: error: "20q" is not a duration: write seconds (45), "45s", "2m", "1m30s", "1:30" or "1:02:03""#
            ])
        #expect(Self.errors("10s, 0 reps Squat") == ["<notation>:1:6: error: reps must be from 1 to 100000, not 0"])
        #expect(Self.errors("2x(10s), 30s {item}") == ["<notation>:1:14: error: {item} only means something inside a for"])
        #expect(
            Self.errors("9999999x(10s)").first
                == "<notation>:1:1: error: the workout expands to 9999999 phases; the limit is 100000: lower a repeat or rounds count")
        #expect(Self.errors("99999999999999999999x(10s)") == ["<notation>:1:1: error: repeat must be from 1 to 2147483647, not 1e+20"])
    }

    @Test func theCaretStandsUnderTheColumnEvenInALongLineWithControlCharacters() {
        let caret = NotationCaret(line: "10s \u{1B}[31m, x", column: 12)
        #expect(caret.lines == ["    10s \\u{1b}[31m, x", "    " + String(repeating: " ", count: 16) + "^"])
        let long = String(repeating: "10s, ", count: 20_000) + "x"
        let far = NotationCaret(line: long, column: long.count)
        #expect(far.lines[0].hasPrefix("    …") && far.lines[0].count < 90 && far.lines[1].hasSuffix("^"))
        #expect(far.lines[1].count == far.lines[0].count, "the caret is under the last character")
    }

    @Test func hostileLinesEndInAnErrorNotACrash() {
        let deep = String(repeating: "1x(", count: 40_000) + "10s" + String(repeating: ")", count: 40_000)
        #expect(Self.errors(deep) == ["<notation>:1:97: error: repeats nest more than 32 levels deep here, the limit"])
        let open = String(repeating: "(", count: 100_000)
        #expect(Self.errors(open).first?.hasPrefix("<notation>:1:1: error: unexpected '('") == true)
        let wide = String(repeating: "10s, ", count: 20_000) + "10s"
        #expect(Self.errors(wide).isEmpty, "20,001 phases are within the limit")
    }

    // Issue 17, item 1: the new forms of the format have a spelling in the same style.
    @Test func anEMOMAnAMRAPATimeCapAndAnOpenStepHaveASpelling() throws {
        let emom = try Self.plan("every 1m x3(12 reps Swings)")
        #expect(emom.phases.map(\.kind) == [.reps, .rest, .reps, .rest, .reps, .rest])
        #expect(emom.phases.map(\.round) == [1, 1, 2, 2, 3, 3] && emom.phases.allSatisfy { $0.window != nil })
        let amrap = try Self.plan("amrap 12m (5 reps Pull-ups, 10 reps Push-ups)")
        #expect(amrap.phases.map(\.name) == ["Pull-ups", "Push-ups"] && amrap.phases.allSatisfy { $0.timeLimit != nil })
        #expect(amrap.planned == .seconds(720))
        let capped = try Self.plan("3x(21 reps Thrusters, 21 reps Pull-ups) / 1m cap 15m")
        #expect(capped.phases.count == 8 && capped.phases.allSatisfy { $0.timeLimit != nil })
        let open = try Self.plan("2x(open Fast lap, 2m rest), open cooldown")
        #expect(open.phases.map(\.isOpen) == [true, false, true, false, true])
        #expect(open.phases.map(\.kind) == [.work, .rest, .work, .rest, .cooldown])
        #expect(open.phases[0].name == "Fast lap" && open.phases[0].duration == nil)
    }

    @Test func theNewFormsComeBackFromTheLineTheyAreWrittenAs() throws {
        let json = #"""
            {"name": "Mixed", "steps": [
              {"every": "1m", "rounds": 4, "steps": [{"reps": 10, "name": "Burpees"}]},
              {"amrap": "8m", "steps": [{"reps": 5, "name": "Pull-ups"}, {"work": 30, "name": "Plank"}]},
              {"repeat": 3, "time_cap": "10m", "rest_between_rounds": 30, "steps": [{"reps": 15, "name": "Wall balls"}]},
              {"work": "open", "name": "400 m", "distance": "400 m", "target": "1:30"}]}
            """#
        let workout = try WorkoutDecoder.decode(Array(json.utf8))
        let written = try NotationWriter.write(workout)
        #expect(
            written.line == "every 1m x4(10 reps Burpees), amrap 8m(5 reps Pull-ups, 30s Plank), 3x(15 reps Wall balls) / 30s cap 10m, "
                + "open 400 m {target: 1m30s} {distance: 400 m}")
        #expect(written.leftOut == ["the name"], "an open step's target and distance are written too: \(written.leftOut)")
        let original = Plan(workout).phases
        let read = try Self.plan(written.line).phases
        #expect(read.map(\.kind) == original.map(\.kind))
        #expect(read.map(\.name) == original.map(\.name))
        #expect(read.map(\.duration) == original.map(\.duration))
        #expect(read.map(\.reps) == original.map(\.reps) && read.map(\.isOpen) == original.map(\.isOpen))
        #expect(read.map(\.round) == original.map(\.round))
    }

    @Test func theNewFormsSayWhatIsMissingAtItsColumn() {
        #expect(
            Self.errors("every 1m (5 reps X)").first?.hasPrefix(
                "<notation>:1:10: error: unexpected '(': expected x and the number of rounds") == true,
            "\(Self.errors("every 1m (5 reps X)"))")
        #expect(
            Self.errors("amrap (5 reps X)").first?.hasPrefix("<notation>:1:7: error: expected how long it lasts") == true,
            "\(Self.errors("amrap (5 reps X)"))")
        #expect(
            Self.errors("3x(10s) cap").first?.hasPrefix("<notation>:1:12: error: expected the time cap") == true,
            "\(Self.errors("3x(10s) cap"))")
        #expect(Self.errors("every 1m x(5 reps X)").first?.contains("expected the number of rounds after 'x'") == true)
    }

    @Test func writingQuotesWhatWouldReadAsSomethingElse() throws {
        let workout = try WorkoutDecoder.decode(
            Array(
                #"""
                {"name": "W", "steps": [{"work": 30, "name": "Rest"}, {"work": 90, "name": "30s sprint"}, {"work": 1.5, "name": "rest/walk"},
                  {"rest": 10, "name": "Rest"}, {"reps": 2, "name": "Row @ bar", "weight": "12"}, {"work": 3725, "name": " padded"}]}
                """#.utf8))
        let written = try NotationWriter.write(workout)
        #expect(written.line == #"30s "Rest", 1m30s "30s sprint", 1.5 "rest/walk", 10s rest, 2 reps "Row @ bar" @ "12", 1h2m5s " padded""#)
        let read = try Self.plan(written.line).phases
        #expect(read.map(\.name) == Plan(workout).phases.map(\.name) && read.map(\.weight) == Plan(workout).phases.map(\.weight))
    }

    // Issue 33, item 1: a weight reads the same in every country or not at all.
    @Test func aDecimalCommaOrAThousandsSeparatorInAWeightIsRefusedAtItsColumn() throws {
        #expect(
            Self.errors("5 reps Bench @ 62,5 kg") == [
                "<notation>:1:16: error: a comma separates steps: write the weight 62,5 as 62.5 (or put a space after the comma to start a step)"
            ])
        #expect(
            Self.errors("5 reps Bench @ bar 20,5, 10s rest").first?.hasPrefix(
                "<notation>:1:20: error: a comma separates steps: write the weight 20,5 as 20.5") == true)
        #expect(
            Self.errors("5 reps Bench @ 1,000") == [
                "<notation>:1:16: error: a comma separates steps, and 1,000 means 1000 in some countries and 1 in others: write 1000 or 1"
            ])
        #expect(
            Self.errors("2x(5 reps Bench @ 1.000 kg)") == [
                "<notation>:1:19: error: 1.000 means 1000 in some countries and 1 in others: write 1000 or 1"
            ])
        let spaced = try Self.plan(#"5 reps Bench @ 60, 5 reps Curl @ "62,5 kg""#)
        #expect(
            spaced.phases.map(\.weight) == [.number(60), .text("62,5 kg")], "a comma and a space start a step; a quoted weight is text")
    }

    // Issue 33, item 12: `reps` in any case, and no repeat without its brackets.
    @Test func repsIsReadInAnyCaseAndARepeatNeedsItsBrackets() throws {
        let plan = try Self.plan("5 Reps Squat, 1 REP Max")
        #expect(
            plan.phases.map(\.kind) == [.reps, .reps] && plan.phases.map(\.name) == ["Squat", "Max"] && plan.phases.map(\.reps) == [5, 1])
        #expect(Self.errors("8 x 20s") == ["<notation>:1:3: error: a repeat puts its steps in brackets: write 8x(20s)"])
        #expect(
            Self.errors("10s, 8x 20s Sprint, 10s rest") == [
                "<notation>:1:7: error: a repeat puts its steps in brackets: write 8x(20s Sprint)"
            ])
        #expect(Self.errors("3 × 1m") == ["<notation>:1:3: error: a repeat puts its steps in brackets: write 3x(1m)"])
        #expect(Self.errors("8 x") == ["<notation>:1:3: error: a repeat puts its steps in brackets: write 8x(20s, 10s rest)"])
        #expect(try Self.plan("8 xylophone").phases.map(\.name) == ["xylophone"], "a name that starts with x is still a name")
    }

    // Issue 33, item 21: the default name keeps no token, however many braces were around it.
    @Test func theDefaultNameDropsBracesAroundRoundUntilNoneIsLeft() throws {
        let plan = try Self.plan(#"2x(20s "{{round}}", 10s "{{{rounds}}}")"#)
        #expect(plan.workoutName == #"2x(20s "round", 10s "rounds")"#)
        #expect(plan.phases.map(\.name) == ["{1}", "{{2}}", "{2}", "{{2}}"])
        #expect(NotationWorkout.defaultName(for: "{{item}} {x} {round") == "item {x} {round")
    }

    // Issue 33, items 14 and 15: a line that would read back as other text is refused, and a
    // phase's own halfway is named among what the line leaves out.
    @Test func writingRefusesAControlCharacterAndWritesALargeWeightInDigits() throws {
        for name in ["a\tb", "Ring\u{7}", "left\u{202E}right"] {
            let workout = Workout(name: "W", steps: [.timed(TimedStep(kind: .work, duration: .same(.seconds(20)), name: .same(name)))])
            #expect(throws: NotationUnsupported.self, "\(name)") { try NotationWriter.write(workout) }
        }
        let json =
            #"{"name": "W", "steps": [{"reps": 2, "name": "Big", "weight": 1e21}, {"reps": 2, "name": "Small", "weight": 1.5e-7}, {"reps": 1, "name": "R", "weight": "a\u0007"}]}"#
        let workout = try WorkoutDecoder.decode(Array(json.utf8))
        #expect(throws: NotationUnsupported.self) { try NotationWriter.write(workout) }
        var kept = workout
        kept.steps.removeLast()
        let written = try NotationWriter.write(kept)
        #expect(written.line == "2 reps Big @ 1000000000000000000000, 2 reps Small @ 0.00000015")
        #expect(try Self.plan(written.line).phases.map(\.weight) == [.number(1e21), .number(1.5e-7)])
        let text = try WorkoutDecoder.decode(Array(#"{"name": "W", "steps": [{"reps": 2, "name": "A", "weight": "1.000 kg"}]}"#.utf8))
        let quoted = try NotationWriter.write(text)
        #expect(quoted.line == #"2 reps A @ "1.000 kg""#, "a text the notation would refuse as a number is quoted")
        #expect(try Self.plan(quoted.line).phases.map(\.weight) == [.text("1.000 kg")])
    }

    @Test func aPhasesOwnHalfwayIsWrittenAsANote() throws {
        let own = try WorkoutDecoder.decode(Array(#"{"name": "W", "steps": [{"work": 20, "name": "A", "halfway": true}]}"#.utf8))
        #expect(try NotationWriter.write(own) == WrittenNotation(line: "20s A {halfway: true}", leftOut: ["the name"]))
        let exercise = try WorkoutDecoder.decode(
            Array(#"{"name": "W", "steps": [{"circuit": [{"name": "A", "halfway": true}], "work": 20}]}"#.utf8))
        #expect(try NotationWriter.write(exercise) == WrittenNotation(line: "1x(20s A {halfway: true})", leftOut: ["the name"]))
        let off = try WorkoutDecoder.decode(
            Array(#"{"name": "W", "halfway": true, "steps": [{"work": 20, "name": "A", "halfway": false}]}"#.utf8))
        #expect(try NotationWriter.write(off).line == "{halfway: true} 20s A {halfway: false}")
        #expect(try Self.plan("{halfway: true} 20s A {halfway: false}, 20s B").phases.map(\.halfway) == [false, nil])
    }

    // Issue 33, item 25: a circuit of one round keeps its round number (1/1) in the round trip.
    @Test func aCircuitOfOneRoundIsWrittenAsARepeatOfOne() throws {
        let workout = try WorkoutDecoder.decode(
            Array(#"{"name": "W", "steps": [{"circuit": ["A", "B"], "work": 20, "rest": 10, "rounds": 1}]}"#.utf8))
        let written = try NotationWriter.write(workout)
        #expect(written.line == "1x(20s A, 10s rest, 20s B)")
        let read = try Self.plan(written.line).phases
        #expect(read.map(\.round) == Plan(workout).phases.map(\.round) && read.map(\.rounds) == Plan(workout).phases.map(\.rounds))
    }

    // Issue 35, item 7: a count, a duration or a weight may be one per round of the repeat.
    @Test func valuesPerRoundAreWrittenInBrackets() throws {
        let fran = try Self.plan("3x([21,15,9] reps Thrusters @ 43 kg, [21,15,9] reps Pull-ups)")
        #expect(fran.phases.map(\.reps) == [21, 21, 15, 15, 9, 9])
        let squat = try Self.plan("5x(5 reps Squat @ [40,50,60,70,80] kg)")
        #expect(squat.phases.map { $0.weight?.description } == ["40 kg", "50 kg", "60 kg", "70 kg", "80 kg"])
        #expect(try Self.plan("2x(5 reps Squat @ [40,52.5])").phases.map(\.weight) == [.number(40), .number(52.5)])
        let row = try Self.plan("7x([10,20,30,40,30,20,10]s Row, 10s rest)")
        #expect(
            row.phases.filter { $0.kind == .work }.map { $0.duration?.milliseconds }
                == [10, 20, 30, 40, 30, 20, 10].map { Int64($0 * 1000) })
        let plank = try Self.plan("2x([30s,1m30s] rest Breathe)")
        #expect(plank.phases.map(\.kind) == [.rest, .rest] && plank.phases.map { $0.duration?.milliseconds } == [30_000, 90_000])
    }

    @Test func valuesPerRoundAreCheckedAtTheirColumn() {
        #expect(
            Self.errors("3x([21,15] reps A)").first?.hasPrefix("<notation>:1:4: error: ") == true, "\(Self.errors("3x([21,15] reps A)"))")
        #expect(
            Self.errors("2x([a,b] reps A)") == [
                "<notation>:1:4: error: a count of reps is a whole number, not 'a': write them as [21,15,9] reps"
            ])
        #expect(
            Self.errors("2x([1,2 reps A)").first?.hasPrefix("<notation>:1:9: error: unexpected 'r': expected ',' or ']'") == true,
            "\(Self.errors("2x([1,2 reps A)"))")
        #expect(Self.errors("2x([1,2").first?.contains("the '[' at column 4 is not closed") == true, "\(Self.errors("2x([1,2"))")
        #expect(Self.errors("2x([10,20]q Row)").first?.contains("is not a duration") == true, "\(Self.errors("2x([10,20]q Row)"))")
        #expect(
            Self.errors("2x(5 reps A @ [1.000,2])").first?.hasPrefix("<notation>:1:15: error: 1.000 means 1000") == true,
            "\(Self.errors("2x(5 reps A @ [1.000,2])"))")
    }

    @Test func valuesPerRoundAreWrittenBackAsTheyRead() throws {
        for line in [
            "3x([21,15,9] reps Thrusters @ 43 kg, [21,15,9] reps Pull-ups)", "5x(5 reps Squat @ [40,50,60,70,80] kg)",
            "7x([10,20,30,40,30,20,10]s Row, 10s rest)", "2x([30s,1m30s] Plank)", "2x(5 reps A @ [40,52.5])",
        ] {
            let workout = try NotationWorkout(line, name: "W").decode().workout
            #expect(try NotationWriter.write(workout).line == line)
        }
        let mixedUnits = try WorkoutDecoder.decode(
            Array(#"{"name": "W", "steps": [{"repeat": 2, "steps": [{"reps": 5, "name": "A", "weight": ["40 kg", "90 lb"]}]}]}"#.utf8))
        #expect(throws: NotationUnsupported.self) { try NotationWriter.write(mixedUnits) }
    }

    @Test func theLineIsAValueAndItsJSONIsThatValueWrittenCompactly() throws {
        let workout = try NotationWorkout("{countdown: 5} 2x(30s Run {10s: Go}) / 10s, 5 reps Squat @ 62.5", name: "N")
        #expect(
            workout.json
                == #"{"name":"N","steps":[{"repeat":2,"steps":[{"work":"30s","name":"Run","cues":[{"at":"10s","text":"Go"}]}],"rest_between_rounds":"10s"},{"reps":5,"name":"Squat","weight":62.5}],"countdown":5}"#
        )
        #expect(try WorkoutDecoder.decode(Array(workout.json.utf8)) == workout.decode().workout)
    }

    @Test func aCountThatIsNoNumberIsRefusedByTheDecoderAtItsColumn() {
        let rounds = Self.errors("every 1m x10abc (5 reps A)")
        #expect(rounds.count == 1 && rounds[0].hasPrefix("<notation>:1:11: error: ") && rounds[0].contains(#""10abc""#), "\(rounds)")
        let digits = String(repeating: "9", count: 400)
        let count = Self.errors("\(digits)x(30s)")
        #expect(count.count == 1 && count[0].hasPrefix("<notation>:1:1: error: ") && count[0].contains(digits), "\(count)")
    }
}
