import PacerFoundation
import Testing

@testable import PacerWorkout

/// Targets after `@` on a timed or open step: each spelling, told apart by its unit, and every
/// mistake at its column with the target parser's message.
@Suite("notation targets")
struct NotationTargetTests {
    static func targets(_ line: String) throws -> [Targets] {
        try NotationTests.plan(line).phases.map { $0.targets.isEmpty ? Targets() : $0.targets }
    }

    // Issue 35, item 7: the issue's own examples.
    @Test func theIssuesExamplesRead() throws {
        let warmup = try NotationTests.plan("10m warmup @ ramp 50-75%, 5x(3m @ 105%, 3m rest @ 50%)")
        #expect(warmup.phases[0].kind == .warmup && warmup.phases[0].name == "Warmup")
        #expect(warmup.phases[0].targets.power == .target(.ftp, TargetSpan(start: TargetRange(50), end: TargetRange(75))))
        #expect(warmup.phases[1].targets.power == .target(.ftp, TargetSpan(TargetRange(105))))
        #expect(warmup.phases[2].kind == .rest && warmup.phases[2].targets.power == .target(.ftp, TargetSpan(TargetRange(50))))
        let endurance = try NotationTests.plan("30m Endurance @ Z2 HR").phases[0]
        #expect(
            endurance.name == "Endurance"
                && endurance.targets == Targets(heartRate: HeartRateTarget(unit: .zone, span: TargetSpan(TargetRange(2)))))
        let track = try NotationTests.plan("6x(open 400 m @ 4:00/km, 90s rest)").phases[0]
        #expect(
            track.isOpen && track.name == "400 m"
                && track.targets == Targets(pace: PaceTarget(unit: .perKilometre, span: TargetSpan(TargetRange(240)))))
        let both = try NotationTests.plan("4m @ 250 W 95 rpm").phases[0].targets
        #expect(
            both == Targets(power: .target(.watts, TargetSpan(TargetRange(250))), cadence: CadenceTarget(span: TargetSpan(TargetRange(95))))
        )
    }

    @Test(arguments: [
        ("@ 88-94%", "88–94 % FTP"), ("@ 88 - 94 %", "88–94 % FTP"), ("@ 200-220 W", "200–220 W"), ("@ 250W", "250 W"),
        ("@ Z3", "Z3 · 76–90 % FTP"),
        ("@ ramp 150-250 W", "ramp 150–250 W"), ("@ free", "free ride"), ("@ FREE", "free ride"),
        ("@ 140-150 bpm", "140–150 bpm"), ("@ 85-90% LTHR", "85–90 % LTHR"), ("@ 75% max", "75 % max HR"), ("@ 75% max HR", "75 % max HR"),
        ("@ z2 hr", "Z2 HR · 85–89 % LTHR"), ("@ 4:20-4:40/km", "4:20–4:40 /km"), ("@ 7:00/mi", "7:00 /mi"), ("@ 1:45/100m", "1:45 /100m"),
        ("@ 95% pace", "95 % threshold pace"), ("@ 95% threshold pace", "95 % threshold pace"), ("@ Z3 Pace", "Z3 pace"),
        ("@ 85-95 rpm", "85–95 rpm"), ("@ 88-94% 85-95 rpm Z2 HR", "88–94 % FTP, Z2 HR · 85–89 % LTHR, 85–95 rpm"),
    ])
    func eachSpellingReadsAsItsTarget(written: String, shown: String) throws {
        let phase = try NotationTests.plan("5m Ride " + written + ", 1m rest").phases[0]
        #expect(phase.name == "Ride" && phase.targets.description == shown, "\(written): \(phase.targets)")
    }

    @Test func anOpenStepACircuitLikeRepeatAndNotesTakeTargetsToo() throws {
        let plan = try NotationTests.plan("open cooldown Walk @ Z1 HR {distance: 1 km}, 2x(40s Row @ Z2 {10s: Long strokes})")
        #expect(plan.phases[0].isOpen && plan.phases[0].targets.heartRate?.description == "Z1 HR" && plan.phases[0].distance == "1 km")
        #expect(plan.phases[1].targets.power?.description == "Z2" && plan.phases[1].cues == [Cue(at: .seconds(10), text: "Long strokes")])
    }

    @Test(arguments: [
        ("4m @ 90 %FTP", 6, #"write 90% without "FTP": a power percentage is of FTP"#),
        ("4m @ ramp 50%", 6, "a ramp goes from one value to another: write ramp 50-75%"),
        ("4m @ 94-88%", 6, "94 is above 88: write the lower value first, 88-94%"),
        ("4m @ 0%", 6, "0% is out of range: a power target is 1–1000 % of FTP"),
        ("4m @ 1001%", 6, "1001% is out of range"),
        ("4m @ Z9", 6, "there is no power zone Z9: Coggan's power zones are Z1 to Z7"),
        ("4m @ Z6 HR", 6, "there is no heart-rate zone Z6"),
        ("4m @ 0:00/km", 6, "a pace of 0:00 would take no time"),
        ("4m @ 4:75/km", 6, "4:75/km has 75 seconds"),
        ("4m @ 90%, 2m @ ramp 140-150 bpm", 16, "only a power target ramps"),
        ("4m @ 90 bmp", 6, #"unknown target unit "bmp" (did you mean "bpm"?): after @ write power"#),
        ("4m @ 90% 250 W", 10, "a second power target (90% and 250 W): a step has one power target"),
        ("4m @ 90 rpm Z2 HR 95 rpm", 19, "a second cadence target (90 rpm and 95 rpm)"),
        ("4m @ W 250", 6, #"unexpected "W": a target starts with a number, a zone, ramp or free"#),
        ("4m @", 5, "expected a target after '@'"),
        ("4m @ , 2m", 6, "expected a target after '@'"),
        ("4m @ 62,5%, 2m", 6, "a comma separates steps: write the target 62,5 as 62.5 (or put a space after the comma to start a step)"),
        ("4m @ 1,000 W", 6, "a comma separates steps, and 1,000 means 1000 in some countries and 1 in others: write 1000 or 1"),
        ("4m @ 1.000 W", 6, "1.000 means 1000 in some countries and 1 in others: write 1000 or 1"),
        ("2x(4m @ 90%) {name: x}, 3m Easy @ 50% {cap: 1m}", 40, #"unknown note "cap""#),
    ])
    func mistakesPointAtTheTargetWithTheParsersMessage(line: String, column: Int, message: String) {
        let errors = NotationTests.errors(line)
        #expect(errors.count == 1 && errors[0].hasPrefix("<notation>:1:\(column): error: \(message)"), "\(line): \(errors)")
    }

    // Issue 35, item 7: `@` on a rep step is a weight; a target it cannot take is refused pointedly.
    @Test func aRepStepKeepsItsWeightAndRefusesATarget() throws {
        let plan = try NotationTests.plan("5 reps Squat @ 80%, 3 reps Bench @ 90% max, 5 reps Row @ free, 5 reps Curl @ 12 kg")
        #expect(plan.phases.map(\.weight) == [.text("80%"), .text("90% max"), .text("free"), .text("12 kg")])
        #expect(plan.phases.allSatisfy { $0.targets.isEmpty })
        for (target, column) in [
            ("250 W", 16), ("90 rpm", 16), ("140 bpm", 16), ("Z3", 16), ("ramp 50-75%", 16), ("4:00/km", 16), ("95% pace", 16),
            ("Z2 HR", 16),
        ] {
            let errors = NotationTests.errors("5 reps Squat @ \(target)")
            #expect(
                errors == [
                    "<notation>:1:\(column): error: a rep step takes no power, heart rate, pace or cadence target, as it counts reps, not time "
                        + "(give \(target) to a timed or open step); after @ a rep step takes a weight, such as 80 kg"
                ], "\(target): \(errors)")
        }
    }

    @Test func targetsPerRoundAreInBrackets() throws {
        let plan = try NotationTests.plan(
            "3x(1m @ [100,105,110]% [Z2, Z3, Z4] HR, 1m rest @ ramp [50-75,60-80,70-40]%), 2x(1m @ [4:00,3:50]/km)")
        #expect(
            plan.phases.map { $0.targets.power?.description ?? $0.targets.pace?.description } == [
                "100 % FTP", "ramp 50–75 % FTP", "105 % FTP", "ramp 60–80 % FTP", "110 % FTP", "ramp 70–40 % FTP", "4:00 /km", "3:50 /km",
            ])
        #expect(plan.phases.compactMap { $0.targets.heartRate?.description } == ["Z2 HR", "Z3 HR", "Z4 HR"])
        #expect(
            NotationTests.errors("2x(1m @ [100,105,110]%)") == [
                "<notation>:1:9: error: has 3 values but the repeat has 2 rounds: give one value per round"
            ])
        #expect(
            NotationTests.errors("1m @ [100]%") == [
                "<notation>:1:6: error: one value per round works only inside a repeat: give a single value here"
            ])
        #expect(
            NotationTests.errors("2x(1m @ [100,0]%)") == ["<notation>:1:9: error: 0% is out of range: a power target is 1–1000 % of FTP"])
        #expect(NotationTests.errors("2x(1m @ [90,95] kph)").first?.hasPrefix(#"<notation>:1:9: error: unknown target unit "kph""#) == true)
    }

    @Test func aTimedNameStopsAtTheAt() throws {
        let plan = try NotationTests.plan(#"3m Spin @ 50%, 3m "Spin @ ease""#)
        #expect(plan.phases.map(\.name) == ["Spin", "Spin @ ease"] && plan.phases[1].targets.isEmpty)
    }
}
