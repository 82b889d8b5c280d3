import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// Garmin FIT workout files read into the one model: import(export(W)) for every shipped workout
/// FIT can say, repeats folded back, every target kind, and damaged files refused at their byte.
@Suite struct FITReaderTests {
    /// What FIT keeps of a phase: its time (or distance), its kind as FIT's intensity says it (a
    /// prepare step is a rest), its name and its power as the range it covers.
    struct Kept: Equatable {
        let milliseconds: Int64?
        let distance: String?
        let kind: PhaseKind
        let power: [Double]?
        let heartRate: String?
        let cadence: String?
    }

    static func kept(_ phase: Phase) -> Kept {
        let power = phase.targets.power?.span.map { span in
            [min(span.start.low, span.end.low), max(span.start.high, span.end.high)]
        }
        return Kept(
            milliseconds: phase.duration?.milliseconds, distance: phase.distance, kind: phase.kind == .prepare ? .rest : phase.kind,
            power: power, heartRate: phase.targets.heartRate?.description, cadence: phase.targets.cadence?.description)
    }

    @Test func everyShippedWorkoutFITCanSayComesBackWithTheSamePhases() throws {
        var read = 0
        for (file, workout) in try ExportRoundTripTests.shipped() {
            guard let exported = try? WorkoutExport.write(workout, as: .fit, thresholds: TargetThresholds(ftp: 250)) else { continue }
            let imported = try WorkoutImport.read(exported.bytes, format: .fit, name: "fallback")
            #expect(imported.workout.name == workout.name, "\(file)")
            let (before, after) = (Plan(workout), Plan(imported.workout))
            #expect(before.phases.map(Self.kept) == after.phases.map(Self.kept), "\(file)")
            #expect(before.planned == after.planned, "\(file): \(before.planned) then \(after.planned)")
            read += 1
        }
        #expect(read >= 6, "sweet-spot, track-400, tabata, seven-minute, pyramid, tabata-four and more")
    }

    /// A FIT workout written field by field: a warm-up, then 4 × (30 s at 250–270 W, 15 s at 60 % of
    /// maximum heart rate), then 400 m at 4:00–4:10 per km with 90 rpm, then an open cool-down.
    static func handWritten() -> [UInt8] {
        var file = FITEncoding()
        file.append(message: .fileID, [.enumeration(0, 5), .uint16(1, 255), .uint16(2, 0)])
        file.append(message: .workout, [.enumeration(4, 2), .uint16(6, 6), .string(8, "Hand written")])
        let steps: [[FITEncoding.Field]] = [
            [
                .uint16(254, 0), .string(0, "Warm up"), .enumeration(1, 0), .uint32(2, 300_000), .enumeration(3, 4), .uint32(4, 2),
                .enumeration(7, 2),
            ],
            [
                .uint16(254, 1), .string(0, "Hard"), .enumeration(1, 0), .uint32(2, 30_000), .enumeration(3, 4), .uint32(4, 0),
                .uint32(5, 1250), .uint32(6, 1270), .enumeration(7, 0),
            ],
            [
                .uint16(254, 2), .enumeration(1, 0), .uint32(2, 15_000), .enumeration(3, 1), .uint32(4, 0), .uint32(5, 60), .uint32(6, 60),
                .enumeration(7, 1),
            ],
            [.uint16(254, 3), .enumeration(1, 6), .uint32(2, 1), .uint32(4, 4)],
            // 4:00 per km is 4,167 mm/s; 4:10 is 4,000.
            [
                .uint16(254, 4), .string(0, "Lap"), .enumeration(1, 1), .uint32(2, 40_000), .enumeration(3, 0), .uint32(4, 0),
                .uint32(5, 4000), .uint32(6, 4167), .enumeration(7, 0), .enumeration(19, 3), .uint32(20, 0), .uint32(21, 90),
                .uint32(22, 90),
            ],
            [.uint16(254, 5), .enumeration(1, 5), .enumeration(3, 1), .uint32(4, 0), .uint32(5, 240), .uint32(6, 250), .enumeration(7, 3)],
        ]
        for step in steps { file.append(message: .workoutStep, step) }
        return file.bytes
    }

    @Test func everyDurationTargetAndRepeatIsRead() throws {
        let imported = try WorkoutImport.read(Self.handWritten(), format: .fit, name: "fallback")
        let plan = Plan(imported.workout)
        #expect(imported.workout.name == "Hand written" && imported.workout.tags == ["bike"])
        // 300 s, then 4 × (30 + 15) s; the 400 m and the cool-down are open.
        #expect(plan.planned == .seconds(300 + 4 * (30 + 15)))
        #expect(plan.phases.count == 1 + 4 * 2 + 2)
        #expect(plan.phases[0].kind == .warmup && plan.phases[0].targets.label == "@ Z2 · 56–75 % FTP")
        #expect(plan.phases[1].name.hasPrefix("Hard") && plan.phases[1].targets.label == "@ 250–270 W" && plan.phases[1].round == 1)
        #expect(plan.phases[2].kind == .rest && plan.phases[2].targets.heartRate?.description == "60 % max HR")
        let lap = plan.phases[9]
        #expect(
            lap.isOpen && lap.distance == "400 m" && lap.targets.pace?.description == "4:00–4:10 /km"
                && lap.targets.cadence?.description == "90 rpm")
        #expect(
            plan.phases[10].kind == .cooldown && plan.phases[10].isOpen && plan.phases[10].targets.heartRate?.description == "140–150 bpm")
    }

    @Test func aDamagedFileIsRefusedAtItsByte() throws {
        let good = Self.handWritten()
        func refusal(_ bytes: [UInt8]) -> String {
            do {
                _ = try WorkoutImport.read(bytes, format: .fit, name: "x")
                return ""
            } catch {
                return error.diagnostics.map(\.message).joined(separator: "; ")
            }
        }
        #expect(refusal(Array(good.prefix(good.count - 7))).contains("it is cut short"))
        var flipped = good
        flipped[40] ^= 0x01
        #expect(refusal(flipped).contains("CRC does not match its content"))
        #expect(refusal(Array(".FIT junk junk junk".utf8)).contains("no FIT header"))
        var activity = FITEncoding()
        activity.append(message: .fileID, [.enumeration(0, 4)])
        #expect(refusal(activity.bytes).contains("a FIT file of type 4, not a workout (type 5)"))
        var empty = FITEncoding()
        empty.append(message: .fileID, [.enumeration(0, 5)])
        #expect(refusal(empty.bytes).contains("no workout_step messages"))
        var loop = FITEncoding()
        loop.append(message: .fileID, [.enumeration(0, 5)])
        loop.append(message: .workoutStep, [.uint16(254, 0), .enumeration(1, 6), .uint32(2, 0), .uint32(4, 3)])
        #expect(refusal(loop.bytes).contains("repeats from step 0, which is not a step before it"))
        // A data message whose definition never came: header byte 0x01 (local type 1).
        var orphan = FITEncoding()
        orphan.append(message: .fileID, [.enumeration(0, 5)])
        var bytes = orphan.bytes
        let records = Int(bytes[4])
        bytes.insert(0x01, at: 14 + records)
        bytes[4] = UInt8(records + 1)
        // The header's CRC may be 0 (not given); the file's is made anew.
        (bytes[12], bytes[13]) = (0, 0)
        bytes.removeLast(2)
        bytes += FITEncoding.little(UInt32(FITEncoding.crc(bytes)), count: 2)
        #expect(refusal(bytes).contains("comes before its definition"))
    }

    /// Targets beyond a written target's limits are left out, each with what its text would be told.
    @Test func aTargetOutOfLimitsIsLeftOutWithTheReason() throws {
        var file = FITEncoding()
        file.append(message: .fileID, [.enumeration(0, 5), .uint16(1, 255), .uint16(2, 0)])
        file.append(message: .workout, [.enumeration(4, 2), .uint16(6, 6), .string(8, "Limits")])
        // Power zone 9; 0 % of FTP; 4,000 W (offset by 1,000); 20 bpm (offset by 100); from a stop to 4:10 per km; 300 rpm.
        let targets: [(type: UInt8, zone: UInt32, low: UInt32, high: UInt32)] = [
            (4, 9, 0, 0), (4, 0, 0, 0), (4, 0, 5000, 5000), (1, 0, 120, 120), (0, 0, 0, 4000), (3, 0, 300, 300),
        ]
        for (index, target) in targets.enumerated() {
            file.append(
                message: .workoutStep,
                [
                    .uint16(254, UInt16(index)), .enumeration(1, 0), .uint32(2, 60_000), .enumeration(3, target.type),
                    .uint32(4, target.zone), .uint32(5, target.low), .uint32(6, target.high),
                ])
        }
        let imported = try WorkoutImport.read(file.bytes, format: .fit, name: "fallback")
        let messages = imported.warnings.map { $0.message.drop { $0 != ":" }.dropFirst(2) }
        #expect(
            messages == [
                "a power target of Z9 is left out: there is no power zone Z9: Coggan's power zones are Z1 to Z7",
                "a power target of 0% is left out: 0% is out of range: a power target is 1–1000 % of FTP",
                "a power target of 4000 W is left out: 4000 W is out of range: a power target is 1–3000 W",
                "a heart-rate target of 20 bpm is left out: 20 bpm is out of range: a heart rate is 30–250 bpm",
                "a speed target of 4:10-0:00/km is left out: a pace of 0:00 would take no time: write minutes:seconds per unit, such as 4:30/km",
                "a cadence target of 300 rpm is left out: 300 rpm is out of range: a cadence is 1–250 rpm",
            ], "\(imported.warnings)")
        #expect(imported.workout.steps.allSatisfy { if case .timed(let step) = $0 { step.targets.count == 0 } else { false } })
    }

    @Test func theFormatIsKnownByItsHeaderWhateverTheName() {
        #expect(WorkoutFormat.detect(Self.handWritten(), path: "workout.json") == .fit)
        #expect(WorkoutFormat.extensionFormat(of: "ride.FIT") == .fit)
    }
}
