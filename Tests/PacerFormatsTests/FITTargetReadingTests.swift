import PacerWorkout
import Testing

@testable import PacerFormats

/// The FIT reader's table of target types: where each custom range changes unit (FIT's offsets),
/// both target places, and what no row reads.
@Suite struct FITTargetReadingTests {
    /// A workout of one timed step per target: type, zone, low and high, primary or secondary.
    static func read(_ targets: [(type: UInt8, zone: UInt32, low: UInt32, high: UInt32, secondary: Bool)]) throws -> ImportedWorkout {
        var file = FITEncoding()
        file.append(message: .fileID, [.enumeration(0, 5)])
        for (index, target) in targets.enumerated() {
            let numbers: [UInt8] = target.secondary ? [19, 20, 21, 22] : [3, 4, 5, 6]
            file.append(
                message: .workoutStep,
                [
                    .uint16(254, UInt16(index)), .enumeration(1, 0), .uint32(2, 60_000), .enumeration(numbers[0], target.type),
                    .uint32(numbers[1], target.zone), .uint32(numbers[2], target.low), .uint32(numbers[3], target.high),
                ])
        }
        return try WorkoutImport.read(file.bytes, format: .fit, name: "Targets")
    }

    static func targets(_ draft: ImportedWorkout) -> [WrittenTargets] {
        draft.workout.steps.map { if case .timed(let step) = $0 { step.targets } else { WrittenTargets() } }
    }

    static func warnings(_ draft: ImportedWorkout) -> [Substring] {
        draft.warnings.map { $0.message.drop { $0 != ":" }.dropFirst(2) }
    }

    @Test func eachCustomRangeChangesUnitWhereFITsOffsetSays() throws {
        // 999 is % of FTP, 1,000 is 0 W; 100 is % of maximum, 101 is 1 bpm; the low and high in either order.
        let draft = try Self.read([
            (4, 0, 999, 999, false), (4, 0, 1000, 1000, false), (4, 0, 1260, 1250, true),
            (1, 0, 100, 100, false), (1, 0, 101, 101, false), (1, 0, 250, 240, true),
        ])
        let targets = Self.targets(draft)
        #expect(targets[0].power == .same(try PowerTarget(ftpPercent: 999...999)))
        #expect(targets[1].power == nil)
        #expect(targets[2].power == .same(try PowerTarget(watts: 250...260)))
        #expect(targets[3].heartRate == .same(try HeartRateTarget(maxPercent: 100...100)))
        #expect(targets[4].heartRate == nil)
        #expect(targets[5].heartRate == .same(try HeartRateTarget(bpm: 140...150)))
        #expect(
            Self.warnings(draft) == [
                "a power target of 0 W is left out: 0 W is out of range: a power target is 1–3000 W",
                "a heart-rate target of 1 bpm is left out: 1 bpm is out of range: a heart rate is 30–250 bpm",
            ], "\(draft.warnings)")
    }

    @Test func bothPlacesAreReadAndEachTypeSetsItsOwnTarget() throws {
        let draft = try Self.read([(0, 0, 4000, 5000, false), (3, 0, 85, 95, true), (1, 3, 0, 0, true), (0, 4, 0, 0, false)])
        let targets = Self.targets(draft)
        #expect(targets[0] == WrittenTargets(pace: .same(try PaceTarget(secondsPerKilometre: 200...250))))
        #expect(targets[1] == WrittenTargets(cadence: .same(try CadenceTarget(rpm: 85...95))))
        #expect(targets[2] == WrittenTargets(heartRate: .same(try HeartRateTarget(zone: 3))))
        #expect(targets[3] == WrittenTargets(pace: .same(try PaceTarget(zone: 4))))
        #expect(draft.warnings.isEmpty, "\(draft.warnings)")
    }

    @Test func aTypeNoRowReadsOrACadenceZoneIsLeftOutWithItsNumbers() throws {
        let draft = try Self.read([(3, 2, 0, 0, false), (5, 0, 2, 4, false), (200, 1, 0, 0, true)])
        #expect(Self.targets(draft).allSatisfy { $0 == WrittenTargets() })
        #expect(
            Self.warnings(draft) == [
                "a target pacer does not keep (FIT target type 3, zone 2): left out",
                "a target pacer does not keep (FIT target type 5): left out",
                "a target pacer does not keep (FIT target type 200, zone 1): left out",
            ], "\(draft.warnings)")
    }
}
