import PacerTestSupport
import Testing

@testable import PacerFoundation
@testable import PacerWorkout

private func workoutJSON(steps: String) -> String {
    WorkoutFixture.json(steps: steps)
}

private func expand(_ json: String) throws -> Plan {
    Plan(try WorkoutDecoder.decode(Array(json.utf8)))
}

private func expand(steps: String) throws -> Plan {
    try expand(workoutJSON(steps: steps))
}

/// Name, kind, whole seconds (nil for rep steps), round and rounds of every phase, for compact comparisons.
private struct Row: Equatable, CustomStringConvertible {
    let name: String
    let kind: PhaseKind
    let seconds: Int64?
    let round: Int?
    let rounds: Int?

    init(_ name: String, _ kind: PhaseKind, _ seconds: Int64?, _ round: Int? = nil, _ rounds: Int? = nil) {
        self.name = name
        self.kind = kind
        self.seconds = seconds
        self.round = round
        self.rounds = rounds
    }

    init(_ phase: Phase) {
        self.init(phase.name, phase.kind, phase.duration.map { $0.milliseconds / 1000 }, phase.round, phase.rounds)
    }

    var description: String {
        "\(name) \(kind) \(seconds.map(String.init) ?? "-") \(round.map(String.init) ?? "-")/\(rounds.map(String.init) ?? "-")"
    }
}

private func rows(_ plan: Plan) -> [Row] {
    plan.phases.map(Row.init)
}

/// The SPEC's example, verbatim.
private let sevenMinuteWorkout = """
    {
      "name": "7-Minute Workout",
      "description": "Twelve exercises, 30 s each, 10 s rest between.",
      "tags": ["hiit", "bodyweight"],
      "steps": [
        { "prepare": "10s", "name": "Get ready" },
        { "circuit": ["Jumping jacks", "Wall sit", "Push-ups", "Abdominal crunches",
                      "Step-ups", "Squats", "Triceps dips", "Plank", "High knees",
                      "Lunges", "Push-up and rotation", "Side plank"],
          "work": "30s", "rest": "10s" }
      ]
    }
    """

private let sevenMinuteExercises = [
    "Jumping jacks", "Wall sit", "Push-ups", "Abdominal crunches", "Step-ups", "Squats", "Triceps dips", "Plank",
    "High knees", "Lunges", "Push-up and rotation", "Side plank",
]

@Suite("Plan expansion")
struct PlanTests {
    // MARK: - The SPEC's example

    @Test func expandsTheSevenMinuteWorkout() throws {
        let plan = try expand(sevenMinuteWorkout)
        var expected = [Row("Get ready", .prepare, 10)]
        for (position, exercise) in sevenMinuteExercises.enumerated() {
            if position > 0 { expected.append(Row("Rest", .rest, 10, 1, 1)) }
            expected.append(Row(exercise, .work, 30, 1, 1))
        }
        #expect(plan.phases.count == 24)
        #expect(rows(plan) == expected)
        #expect(plan.phases.last?.name == "Side plank")
        #expect(plan.phases.last?.kind == .work)
        #expect(plan.planned == .seconds(480))
        #expect(plan.planned.spoken == "8m")
        #expect(plan.workoutName == "7-Minute Workout")
        #expect(plan.countdown == 3)
        #expect(plan.halfway == false)
        #expect(plan.phases.allSatisfy { $0.cue == nil && $0.cues.isEmpty && $0.reps == nil && $0.weight == nil && $0.cap == nil })
    }

    @Test func onlyTheTwoTokensAreReplacedAndOtherBracesStay() throws {
        let plan = try expand(steps: #"{"repeat": 2, "steps": [{"work": 5, "name": "{a} {round}{rounds} {roundx} {"}]}"#)
        #expect(plan.phases.map(\.name) == ["{a} 12 {roundx} {", "{a} 22 {roundx} {"])
    }

    /// `RoundContext.fill` searches bytes; it must find the tokens a search character by character
    /// finds, and only those (a brace that begins or ends a longer character is not a token's).
    @Test(arguments: [
        "Set {round}/{rounds}", "{round}{rounds}{item}", "{{round}}", "{rounds", "{item}", "Café {round} ñ",
        "{round}\u{301}", "\u{600}{round}", "{\u{301}round}", "x{round}\u{200D}\u{1F3C3}", "🏃‍♀️ {rounds} 🏃‍♀️", "",
    ])
    func fillFindsTheTokensACharacterwiseSearchFinds(text: String) {
        for item in [nil, "Lunges", "{round}"] as [String?] {
            let round = RoundContext(round: 2, rounds: 3, valueRound: 2, item: item)
            // Bytes, not `==`, which would take a combining accent moved to another character as equal.
            #expect(Array(round.fill(text).utf8) == Array(Self.characterwiseFill(text, round).utf8), "\(text) with item \(item ?? "none")")
        }
    }

    /// The fill as it was written before it searched bytes: character by character.
    private static func characterwiseFill(_ text: String, _ context: RoundContext) -> String {
        var result = ""
        var rest = Substring(text)
        while let brace = rest.firstIndex(of: "{") {
            result += rest[..<brace]
            let tail = rest[brace...]
            if tail.hasPrefix("{rounds}") {
                result += String(context.rounds)
                rest = tail.dropFirst(8)
            } else if tail.hasPrefix("{round}") {
                result += String(context.round)
                rest = tail.dropFirst(7)
            } else if let item = context.item, tail.hasPrefix("{item}") {
                result += item
                rest = tail.dropFirst(6)
            } else {
                result += "{"
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }

    @Test func displaysShowARoundOnlyWhenThereIsMoreThanOne() throws {
        let single = try expand(steps: #"{"circuit": ["A", "B"], "work": 5, "rest": 1}"#)
        #expect(single.phases[0].round == 1 && single.phases[0].rounds == 1)
        #expect(single.phases[0].roundLabel == nil)
        let three = try expand(steps: #"{"circuit": ["A"], "work": 5, "rounds": 3}"#)
        #expect(three.phases.map(\.roundLabel) == ["round 1/3", "round 2/3", "round 3/3"])
    }

    @Test func plannedAfterEachPhase() throws {
        let plan = try expand(sevenMinuteWorkout)
        #expect(plan.planned(after: 0) == .seconds(470))
        #expect(plan.planned(after: 1) == .seconds(440))
        #expect(plan.planned(after: 2) == .seconds(430))
        #expect(plan.planned(after: 22) == .seconds(30))
        #expect(plan.planned(after: 23) == .zero)
        for index in plan.phases.indices {
            let before = plan.phases[...index].reduce(WorkoutDuration.zero) { $0 + ($1.duration ?? .zero) }
            #expect(before + plan.planned(after: index) == plan.planned)
        }
    }

    @Test func plannedByKind() throws {
        let summary = try expand(sevenMinuteWorkout).plannedByKind
        #expect(summary.map(\.kind) == [.work, .rest, .prepare])
        #expect(summary.map(\.count) == [12, 11, 1])
        #expect(summary.map(\.duration) == [.seconds(360), .seconds(110), .seconds(10)])

        let mixed = try expand(
            steps: #"{"cooldown": 60}, {"reps": 5, "name": "Squat"}, {"warmup": 30}, {"work": 20}, {"reps": 3, "name": "Row", "cap": 90}"#)
        #expect(mixed.plannedByKind.map(\.kind) == [.work, .warmup, .cooldown, .reps])
        #expect(mixed.plannedByKind.map(\.count) == [1, 1, 1, 2])
        #expect(mixed.plannedByKind.map(\.duration) == [.seconds(20), .seconds(30), .seconds(60), .zero])
    }

    // MARK: - Timed steps

    @Test func timedStepsDefaultToTheirKindCapitalised() throws {
        let plan = try expand(
            steps: #"{"work": 1}, {"rest": 2}, {"prepare": 3}, {"warmup": 4}, {"cooldown": 5}, {"work": 6, "name": "Sprint", "cue": "Go"}"#)
        #expect(
            rows(plan) == [
                Row("Work", .work, 1), Row("Rest", .rest, 2), Row("Prepare", .prepare, 3), Row("Warmup", .warmup, 4),
                Row("Cooldown", .cooldown, 5), Row("Sprint", .work, 6),
            ])
        #expect(plan.phases.last?.cue == "Go")
        #expect(plan.phases.dropLast().allSatisfy { $0.cue == nil })
    }

    // MARK: - Circuits

    @Test func circuitRoundsRestBetweenRoundsDefaultsToRest() throws {
        let plan = try expand(steps: #"{"circuit": ["A", "B"], "work": 20, "rest": 10, "rounds": 3}"#)
        #expect(
            rows(plan) == [
                Row("A", .work, 20, 1, 3), Row("Rest", .rest, 10, 1, 3), Row("B", .work, 20, 1, 3), Row("Rest", .rest, 10, 1, 3),
                Row("A", .work, 20, 2, 3), Row("Rest", .rest, 10, 2, 3), Row("B", .work, 20, 2, 3), Row("Rest", .rest, 10, 2, 3),
                Row("A", .work, 20, 3, 3), Row("Rest", .rest, 10, 3, 3), Row("B", .work, 20, 3, 3),
            ])
        #expect(plan.planned == .seconds(170))
    }

    @Test func circuitRestBetweenRoundsBelongsToTheRoundJustFinished() throws {
        let plan = try expand(
            steps: #"{"circuit": ["A", "B"], "work": 20, "rest": 10, "rounds": 2, "rest_between_rounds": "1m"}, {"cooldown": 30}"#)
        #expect(
            rows(plan) == [
                Row("A", .work, 20, 1, 2), Row("Rest", .rest, 10, 1, 2), Row("B", .work, 20, 1, 2),
                Row("Rest", .rest, 60, 1, 2),
                Row("A", .work, 20, 2, 2), Row("Rest", .rest, 10, 2, 2), Row("B", .work, 20, 2, 2),
                Row("Cooldown", .cooldown, 30),
            ])
    }

    @Test func circuitWithoutRest() throws {
        #expect(
            rows(try expand(steps: #"{"circuit": ["A", "B"], "work": 20, "rounds": 2}"#)) == [
                Row("A", .work, 20, 1, 2), Row("B", .work, 20, 1, 2), Row("A", .work, 20, 2, 2), Row("B", .work, 20, 2, 2),
            ])
        #expect(
            rows(try expand(steps: #"{"circuit": ["A", "B"], "work": 20, "rounds": 2, "rest_between_rounds": 45}"#)) == [
                Row("A", .work, 20, 1, 2), Row("B", .work, 20, 1, 2), Row("Rest", .rest, 45, 1, 2),
                Row("A", .work, 20, 2, 2), Row("B", .work, 20, 2, 2),
            ])
    }

    @Test func exercisesOverrideWorkAndCues() throws {
        let plan = try expand(
            steps: #"""
                {"circuit": ["A", {"name": "B", "work": "45s", "cue": "Go", "cues": [{"at": "20s", "text": "Half"}]}, {"name": "C", "cue": "Steady"}],
                 "work": "30s", "rest": "10s"}
                """#)
        #expect(
            rows(plan) == [
                Row("A", .work, 30, 1, 1), Row("Rest", .rest, 10, 1, 1), Row("B", .work, 45, 1, 1), Row("Rest", .rest, 10, 1, 1),
                Row("C", .work, 30, 1, 1),
            ])
        #expect(plan.phases.map(\.cue) == [nil, nil, "Go", nil, "Steady"])
        #expect(plan.phases[2].cues == [Cue(at: .seconds(20), text: "Half")])
        #expect(plan.phases.enumerated().allSatisfy { $0.offset == 2 || $0.element.cues.isEmpty })
    }

    // MARK: - Repeats

    @Test func repeatRestBetweenRoundsIsNeverAfterTheLastRound() throws {
        let plan = try expand(
            steps:
                #"{"repeat": 3, "rest_between_rounds": 10, "steps": [{"work": 20, "name": "Sprint {round}/{rounds}", "cue": "Round {round}"}]}"#
        )
        #expect(
            rows(plan) == [
                Row("Sprint 1/3", .work, 20, 1, 3), Row("Rest", .rest, 10, 1, 3),
                Row("Sprint 2/3", .work, 20, 2, 3), Row("Rest", .rest, 10, 2, 3),
                Row("Sprint 3/3", .work, 20, 3, 3),
            ])
        #expect(plan.phases.map(\.cue) == ["Round 1", nil, "Round 2", nil, "Round 3"])
    }

    @Test func repeatWithoutRestBetweenRounds() throws {
        let plan = try expand(steps: #"{"repeat": 2, "steps": [{"work": 20}, {"rest": 10}]}"#)
        #expect(
            rows(plan) == [
                Row("Work", .work, 20, 1, 2), Row("Rest", .rest, 10, 1, 2), Row("Work", .work, 20, 2, 2), Row("Rest", .rest, 10, 2, 2),
            ])
    }

    @Test func nestedRepeatsUseTheInnermostRound() throws {
        let plan = try expand(
            steps: #"""
                {"repeat": 2, "steps": [
                  {"repeat": 3, "steps": [{"work": 10, "name": "Set {round}/{rounds}", "cues": [{"at": 5, "text": "{round} of {rounds}"}]}]},
                  {"rest": 30, "name": "Break {round}/{rounds}"}
                ]}
                """#)
        #expect(
            rows(plan) == [
                Row("Set 1/3", .work, 10, 1, 3), Row("Set 2/3", .work, 10, 2, 3), Row("Set 3/3", .work, 10, 3, 3),
                Row("Break 1/2", .rest, 30, 1, 2),
                Row("Set 1/3", .work, 10, 1, 3), Row("Set 2/3", .work, 10, 2, 3), Row("Set 3/3", .work, 10, 3, 3),
                Row("Break 2/2", .rest, 30, 2, 2),
            ])
        #expect(plan.phases[1].cues == [Cue(at: .seconds(5), text: "2 of 3")])
    }

    @Test func aSingleRoundCircuitInsideARepeatKeepsTheRepeatsRound() throws {
        let plan = try expand(
            steps: #"""
                {"repeat": 3, "rest_between_rounds": 60, "steps": [
                  {"circuit": ["Squat {round}/{rounds}", "Lunge"], "work": 30, "rest": 10}
                ]}
                """#)
        #expect(
            rows(plan) == [
                Row("Squat 1/3", .work, 30, 1, 3), Row("Rest", .rest, 10, 1, 3), Row("Lunge", .work, 30, 1, 3),
                Row("Rest", .rest, 60, 1, 3),
                Row("Squat 2/3", .work, 30, 2, 3), Row("Rest", .rest, 10, 2, 3), Row("Lunge", .work, 30, 2, 3),
                Row("Rest", .rest, 60, 2, 3),
                Row("Squat 3/3", .work, 30, 3, 3), Row("Rest", .rest, 10, 3, 3), Row("Lunge", .work, 30, 3, 3),
            ])
        // A circuit of several rounds inside a repeat counts its own rounds.
        let inner = try expand(steps: #"{"repeat": 2, "steps": [{"circuit": ["A {round}/{rounds}"], "work": 5, "rounds": 2}]}"#)
        #expect(
            rows(inner) == [
                Row("A 1/2", .work, 5, 1, 2), Row("A 2/2", .work, 5, 2, 2), Row("A 1/2", .work, 5, 1, 2), Row("A 2/2", .work, 5, 2, 2),
            ])
    }

    // MARK: - Rep steps

    @Test func repStepsCountUpAndAreLeftOutOfThePlannedTime() throws {
        let plan = try expand(
            steps: #"""
                {"repeat": 2, "rest_between_rounds": "90s", "steps": [
                  {"reps": 5, "name": "Squat {round}/{rounds}", "weight": "80 kg", "cap": "2m", "cue": "Brace"}
                ]},
                {"reps": 8, "name": "Bench", "weight": 60}
                """#)
        #expect(
            rows(plan) == [
                Row("Squat 1/2", .reps, nil, 1, 2), Row("Rest", .rest, 90, 1, 2), Row("Squat 2/2", .reps, nil, 2, 2),
                Row("Bench", .reps, nil),
            ])
        let squat = plan.phases[0]
        #expect(squat.duration == nil)
        #expect(squat.cap == .seconds(120))
        #expect(squat.limit == .seconds(120))
        #expect(squat.reps == 5)
        #expect(squat.weight == .text("80 kg"))
        #expect(squat.cue == "Brace")
        let bench = plan.phases[3]
        #expect(bench.reps == 8)
        #expect(bench.weight == .number(60))
        #expect(bench.weight?.description == "60")
        #expect(bench.cap == nil)
        #expect(bench.limit == nil)
        #expect(plan.planned == .seconds(90))
        #expect(plan.planned(after: 0) == .seconds(90))
        #expect(plan.planned(after: 1) == .zero)
    }

    // MARK: - Sizes

    static let sizeExamples = [
        #"{"work": 30}"#,
        #"{"repeat": 3, "rest_between_rounds": 10, "steps": [{"work": 20}, {"reps": 5, "name": "x"}]}"#,
        #"{"circuit": ["A", "B", "C"], "work": 20, "rest": 10, "rounds": 4, "rest_between_rounds": 60}"#,
        #"{"circuit": ["A", {"name": "B", "work": 50}], "work": 20, "rounds": 3}"#,
        #"{"repeat": 2, "steps": [{"repeat": 3, "rest_between_rounds": 5, "steps": [{"circuit": ["A", "B"], "work": 7, "rest": 3, "rounds": 2}]}]}, {"cooldown": 60}"#,
        #"{"repeat": 1, "steps": [{"circuit": ["A"], "work": 1, "rest": 9, "rounds": 5}]}"#,
        #"{"repeat": 10, "steps": [{"repeat": 10, "steps": [{"repeat": 10, "rest_between_rounds": 1, "steps": [{"work": 1}, {"rest": 2}]}]}]}"#,
    ]

    @Test(arguments: sizeExamples)
    func planSizeMatchesTheExpansion(steps: String) throws {
        let workout = try WorkoutDecoder.decode(Array(workoutJSON(steps: steps).utf8))
        let plan = Plan(workout)
        let size = PlanSize(of: workout)
        #expect(size.phases == Int64(plan.phases.count))
        #expect(size.planned == plan.planned)
    }

    @Test func shippedWorkoutsDecodeAndMatchTheirSize() throws {
        let files = try WorkoutFixture.shippedJSONFiles().filter { $0.name != "schema.json" }
        #expect(files.count >= 6)
        for file in files {
            let workout: Workout
            switch WorkoutFixture.decode(file.bytes) {
            case .success(let decoded): workout = decoded
            case .failure(let errors):
                Issue.record("\(file.name): \(errors.diagnostics.map(\.description))")
                continue
            }
            let plan = Plan(workout)
            let size = PlanSize(of: workout)
            #expect(size.phases == Int64(plan.phases.count), "\(file.name)")
            #expect(size.planned == plan.planned, "\(file.name)")
        }
    }

    @Test func shippedTabataExpandsAsDescribed() throws {
        let bytes = try #require(try WorkoutFixture.shippedJSONFiles().first { $0.name == "tabata.json" }).bytes
        let plan = Plan(try WorkoutDecoder.decode(bytes))
        #expect(plan.phases.count == 17)
        #expect(plan.planned == .seconds(360))
        #expect(plan.phases.filter { $0.kind == .work }.map(\.name) == (1...8).map { "Sprint \($0)/8" })
        #expect(plan.halfway == true)
    }

    @Test func aPlanBuiltFromPhasesSumsTheirDurations() {
        let plan = Plan(
            name: "P", countdown: 0, halfway: true,
            phases: [
                Phase(kind: .work, name: "A", duration: .seconds(30)),
                Phase(kind: .reps, name: "B", duration: nil, cap: .seconds(60), reps: 5),
                Phase(kind: .rest, name: "C", duration: WorkoutDuration(milliseconds: 1_500)),
            ])
        #expect(plan.planned == WorkoutDuration(milliseconds: 31_500))
        #expect(plan.planned(after: 0) == WorkoutDuration(milliseconds: 1_500))
        #expect(plan.planned(after: 1) == WorkoutDuration(milliseconds: 1_500))
        #expect(plan.planned(after: 2) == .zero)
        #expect(plan.countdown == 0)
        #expect(plan.halfway)
    }
}
