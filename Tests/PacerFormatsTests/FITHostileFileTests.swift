import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// FIT workout files a stranger (or an attacker) wrote: repeats nested past the model's limit or
/// expanding past it, names the model would refuse, and repeat steps that end on a condition.
@Suite struct FITHostileFileTests {
    typealias Field = FITEncoding.Field

    /// A workout file of `steps`, each a `workout_step`'s fields (its message index first).
    static func file(_ steps: [[Field]], name: String = "Hostile") -> [UInt8] {
        var file = FITEncoding()
        file.append(message: .fileID, [.enumeration(0, 5)])
        file.append(message: .workout, [.enumeration(4, 1), .string(8, name)])
        for (index, step) in steps.enumerated() { file.append(message: .workoutStep, [.uint16(254, UInt16(index))] + step) }
        return file.bytes
    }

    /// A timed step of `seconds`.
    static func timed(_ seconds: UInt32, name: String? = nil) -> [Field] {
        (name.map { [Field.string(0, $0)] } ?? []) + [.enumeration(1, 0), .uint32(2, seconds * 1000)]
    }

    /// A repeat step back to `from`, of duration type `type` (6: a number of rounds) with `value`.
    static func repeating(from: UInt32, type: UInt8 = 6, _ value: UInt32) -> [Field] {
        [.enumeration(1, type), .uint32(2, from), .uint32(4, value)]
    }

    static func refusal(_ bytes: [UInt8]) -> String {
        do {
            _ = try WorkoutImport.read(bytes, format: .fit, name: "x")
            return ""
        } catch {
            return error.diagnostics.map(\.message).joined(separator: "; ")
        }
    }

    @Test func twentyThousandNestedRepeatsAreRefusedAtTheFirstTooDeep() {
        // Each repeat takes every step before it: 20,000 levels in ~600 KB, with a valid CRC.
        let bytes = Self.file([Self.timed(30)] + (0..<20_000).map { _ in Self.repeating(from: 0, 1) })
        let message = Self.refusal(bytes)
        #expect(message.contains("repeats nest more than 32 levels deep here"), "\(message)")
        #expect(message.hasPrefix("at byte "), "the place is the repeat step's byte: \(message)")
    }

    @Test func repeatsNestedToTheLimitAreRead() throws {
        let bytes = Self.file([Self.timed(30)] + (0..<WorkoutDecoder.maximumNesting).map { _ in Self.repeating(from: 0, 1) })
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        #expect(Plan(imported.workout).phases.count == 1)
    }

    @Test func aRepeatExpandingPastThePhaseLimitIsRefusedWithItsCountBeforeAnythingIsBuilt() {
        // 1,000 rounds of 1,000 rounds: a million phases from a few bytes.
        let bytes = Self.file([Self.timed(1), Self.repeating(from: 0, 1000), Self.repeating(from: 0, 1000)])
        let message = Self.refusal(bytes)
        #expect(message.contains("the steps repeated here expand to 1000000 phases; a workout may have 100000"), "\(message)")
        #expect(message.hasPrefix("at byte "), "\(message)")
        let rounds = Self.refusal(
            Self.file([Self.timed(1), Self.repeating(from: 0, UInt32.max - 1), Self.repeating(from: 0, UInt32.max - 1)]))
        #expect(rounds.contains("phases; a workout may have 100000"), "\(rounds)")
    }

    @Test func stepsThatTogetherPassThePhaseLimitAreRefusedWhereTheyDo() {
        let bytes = Self.file([Self.timed(1), Self.repeating(from: 0, 60_000), Self.timed(1), Self.repeating(from: 2, 60_000)])
        let message = Self.refusal(bytes)
        #expect(message.contains("the steps up to here expand to 120000 phases; a workout may have 100000"), "\(message)")
    }

    @Test func aRepeatLastingPastSevenDaysIsRefusedAtItsByte() {
        let message = Self.refusal(Self.file([Self.timed(86_400), Self.repeating(from: 0, 8)]))
        #expect(message.contains("the steps repeated here last 8d; a workout may last 7 days"), "\(message)")
    }

    @Test func namesAndNotesAreCleanedAsEveryReaderCleansThem() throws {
        let bytes = Self.file(
            [
                Self.timed(30, name: "Hard\nand fast") + [.string(8, "Stay\r\nseated")],
                Self.timed(30, name: "   "),
                Self.timed(30, name: "Sprint {round}/{rounds}"),
                Self.repeating(from: 2, 2),
            ], name: "Two\nlines {item}")
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        let phases = Plan(imported.workout).phases
        #expect(imported.workout.name == "Two lines (item)")
        #expect(phases.map(\.name) == ["Hard and fast", "Work", "Sprint (round)/(rounds)", "Sprint (round)/(rounds)"])
        #expect(phases[0].cue == "Stay seated")
    }

    @Test func aRepeatUntilATimeIsAnAMRAPOfThatTime() throws {
        let bytes = Self.file([Self.timed(60), Self.timed(30), Self.repeating(from: 0, type: 7, 600_000)])
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        guard case .amrap(let block)? = imported.workout.steps.first else {
            Issue.record("not an AMRAP: \(imported.workout.steps)")
            return
        }
        #expect(block.length == .seconds(600) && block.steps.count == 2 && imported.workout.steps.count == 1)
        #expect(imported.warnings.isEmpty, "\(imported.warnings.map(\.message))")
    }

    @Test func aRepeatUntilADistanceRunsTheRoundsThatCoverIt() throws {
        // 1 km and 200 m, until 10 km: 9 rounds.
        let bytes = Self.file([
            [.enumeration(1, 1), .uint32(2, 100_000)], [.enumeration(1, 1), .uint32(2, 20_000)],
            Self.repeating(from: 0, type: 8, 1_000_000),
        ])
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        #expect(Plan(imported.workout).phases.count == 18)
        #expect(imported.warnings.map(\.message) == ["at byte 96: a repeat until 10 km are covered: 9 rounds of 1.2 km here"])
        let once = Self.file([[.enumeration(1, 1), .uint32(2, 100_000)], Self.repeating(from: 0, type: 8, 50_000)])
        let oneRound = try WorkoutImport.read(once, format: .fit, name: "x").warnings.map(\.message)
        #expect(oneRound.contains { $0.hasSuffix("are covered: 1 round of 1 km here") }, "one round, not 1 rounds: \(oneRound)")
    }

    // Issue 41, item 10: a repeat until a heart rate, power, calories or TSS is an open repeat the athlete ends.
    @Test func aRepeatUntilAHeartRateIsAnOpenRepeatWithAWarning() throws {
        // Until heart rate is above 160 bpm (FIT's bpm + 100).
        let bytes = Self.file([Self.timed(60, name: "Hard"), Self.timed(30, name: "Easy"), Self.repeating(from: 0, type: 11, 260)])
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        guard case .amrap(let block)? = imported.workout.steps.first else {
            Issue.record("not an open repeat: \(imported.workout.steps)")
            return
        }
        #expect(block.length == nil && block.steps.count == 2 && block.name == "Repeat until heart rate is above 160 bpm")
        let phases = Plan(imported.workout).phases
        #expect(phases.map(\.name) == ["Hard", "Easy"], "one round, and no open step made up for the repeat")
        #expect(phases.allSatisfy { $0.timeLimit?.kind == .open })
        #expect(
            imported.warnings.map(\.message) == [
                "at byte 109: a repeat until heart rate is above 160 bpm: pacer cannot judge that, so it is an open repeat here, round after round until you say done on one of its timed steps"
            ])
    }

    @Test func aRepeatUntilAHeartRateOfOpenStepsAloneRunsOnce() throws {
        // Until heart rate is below 130 bpm: done would finish the open step, never the repeat.
        let bytes = Self.file([[.enumeration(1, 5)], Self.repeating(from: 0, type: 10, 230)])
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        guard case .repeated(let block)? = imported.workout.steps.first else {
            Issue.record("not a repeat: \(imported.workout.steps)")
            return
        }
        #expect(block.count == 1 && block.name == "Repeat until heart rate is below 130 bpm")
        #expect(
            imported.warnings.map(\.message).contains {
                $0.contains("a repeat until heart rate is below 130 bpm: pacer does not measure it")
            })
    }

    @Test func anAMRAPInsideARepeatUntilATimeIsNotNested() throws {
        let bytes = Self.file([Self.timed(60), Self.repeating(from: 0, type: 7, 600_000), Self.repeating(from: 0, type: 7, 1_200_000)])
        let imported = try WorkoutImport.read(bytes, format: .fit, name: "x")
        #expect(imported.warnings.map(\.message).contains { $0.contains("an AMRAP cannot hold an AMRAP") })
    }

    @Test func definitionsOfManyEmptyFieldsCostNothingPerField() throws {
        // 60,000 data messages of a definition of 255 fields of no bytes: 1 byte each in the file.
        var file = FITEncoding()
        file.append(message: .fileID, [.enumeration(0, 5)])
        file.append(message: .workoutStep, (0..<255).map { Field(number: UInt8($0), type: .uint8, bytes: []) })
        var bytes = file.bytes
        bytes.removeLast(2)
        bytes += [UInt8](repeating: 0, count: 60_000)
        let size = UInt32(bytes.count - 14)
        bytes.replaceSubrange(4..<8, with: FITEncoding.little(size, count: 4))
        (bytes[12], bytes[13]) = (0, 0)
        bytes += FITEncoding.little(UInt32(FITEncoding.crc(bytes)), count: 2)
        let messages = try FITMessages(bytes, keeping: [.workoutStep]).messages
        #expect(messages.count == 60_001)
        #expect(MemoryLayout<FITMessages.Message>.size <= 64, "a message is where it is, not its fields")
    }
}
