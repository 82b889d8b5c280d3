import PacerWorkout
import Testing

@testable import PacerFormats

/// FIT export: values a field cannot hold are refused or warned about, thresholds give absolute
/// targets, every sport carries its own, and every export has its own identity.
@Suite struct FITWriterTests {
    typealias StepField = FITProfile.WorkoutStepField

    static func workout(_ notation: String, tags: [String] = []) throws -> Workout {
        var workout = try NotationWorkout(notation).decode().workout
        workout.tags = tags
        return workout
    }

    static func messages(_ exported: ExportedWorkout, _ global: FITProfile.Message) throws -> [FITMessages.Message] {
        try FITMessages(exported.bytes, keeping: [global]).messages
    }

    @Test func aShareOfMaximumAbove100IsWrittenInBeatsWithTheMaximumAndWarnedWithout() throws {
        let workout = try Self.workout("3m @ 140% max")
        let without = try WorkoutExport.write(workout, as: .fit)
        let step = try #require(try Self.messages(without, .workoutStep).first)
        #expect(step.number(StepField.customTargetHigh) == 100, "never 140, which FIT reads as 40 bpm")
        #expect(without.warnings.contains { $0.contains("up to 100 %: more is written as 100 %") }, "\(without.warnings)")
        let with = try WorkoutExport.write(workout, as: .fit, thresholds: TargetThresholds(maxHeartRate: 170))
        let beats = try #require(try Self.messages(with, .workoutStep).first)
        #expect(beats.number(StepField.customTargetLow) == 238 + 100 && with.warnings.isEmpty, "\(with.warnings)")
        let imported = try WorkoutImport.read(with.bytes, format: .fit, name: "x")
        #expect(Plan(imported.workout).phases[0].targets.heartRate?.description == "238 bpm")
    }

    @Test func aNameOrNotesLongerThanFITHoldsIsCutWithAWarning() throws {
        let long = String(repeating: "é", count: 200)
        let exported = try WorkoutExport.write(try Self.workout("3m \(long) {cue: \(long)}"), as: .fit)
        let step = try #require(try Self.messages(exported, .workoutStep).first)
        #expect((step.text(StepField.name)?.utf8.count ?? 0) <= FITEncoding.longestString)
        #expect(
            exported.warnings.contains { $0.contains("FIT holds 254 bytes of text in a name or notes: longer ones are cut") },
            "\(exported.warnings)")
        let short = try WorkoutExport.write(try Self.workout("3m Short"), as: .fit)
        #expect(short.warnings.isEmpty, "\(short.warnings)")
    }

    @Test func aDistanceLongerThanAFITStepHoldsIsRefused() throws {
        let workout = try Self.workout("open Long {distance: 50000 km}")
        #expect(throws: ExportRefusal.self) { try WorkoutExport.write(workout, as: .fit) }
        do {
            _ = try WorkoutExport.write(workout, as: .fit)
        } catch {
            #expect(error.message.contains("covers 50000 km, and a FIT step covers at most 42949.67 km"), "\(error.message)")
        }
        let longest = try WorkoutExport.write(try Self.workout("open Long {distance: 42000 km}"), as: .fit)
        #expect(try Self.messages(longest, .workoutStep).first?.number(StepField.durationValue) == 4_200_000_000)
    }

    @Test func aShareOfLTHRIsWrittenInBeatsWithTheThresholdAndAsAZoneWithout() throws {
        let workout = try Self.workout("3m @ 90-95% LTHR")
        let with = try WorkoutExport.write(workout, as: .fit, thresholds: TargetThresholds(lthr: 170))
        let step = try #require(try Self.messages(with, .workoutStep).first)
        #expect(step.number(StepField.targetValue) == 0, "not the watch's own zone 3")
        #expect(step.number(StepField.customTargetLow) == 153 + 100 && step.number(StepField.customTargetHigh) == 162 + 100)
        #expect(with.warnings.isEmpty, "\(with.warnings)")
        let without = try WorkoutExport.write(workout, as: .fit)
        #expect(try Self.messages(without, .workoutStep).first?.number(StepField.targetValue) == 3)
        #expect(without.warnings.contains { $0.contains("as the heart-rate zone it falls in (give --lthr to write beats)") })
    }

    @Test func aShareOfThresholdPaceIsWrittenAsSpeedWithTheThreshold() throws {
        let workout = try Self.workout("open Fast @ 95% pace {distance: 400 m}", tags: ["run"])
        // 95 % of the speed of 4:00/km: 0.95 × 1000 m / 240 s = 3.958 m/s.
        let with = try WorkoutExport.write(workout, as: .fit, thresholds: TargetThresholds(thresholdPace: 240))
        let step = try #require(try Self.messages(with, .workoutStep).first)
        #expect(
            step.number(StepField.targetType) == UInt64(FITProfile.TargetType.speed.rawValue)
                && step.number(StepField.customTargetLow) == 3958)
        let without = try WorkoutExport.write(workout, as: .fit)
        #expect(without.warnings.contains { $0.contains("give --threshold-pace") }, "\(without.warnings)")
    }

    @Test(arguments: [
        (["run"], "10m", FITProfile.Sport.running, FITProfile.SubSport.generic),
        ([], "10m Easy ride @ Z2 HR", .cycling, .generic),
        (["bike"], "10m @ 140-150 bpm", .cycling, .generic),
        ([], "10m @ 1:45/100m", .swimming, .generic),
        (["strength", "barbell"], "1m", .training, .strengthTraining),
        (["hiit", "tabata"], "20s", .hiit, .generic),
        ([], "10m @ 88%", .cycling, .generic),
        ([], "10m", .training, .generic),
    ])
    func everySportCarriesItsOwn(tags: [String], notation: String, sport: FITProfile.Sport, subSport: FITProfile.SubSport) throws {
        let exported = try WorkoutExport.write(try Self.workout(notation, tags: tags), as: .fit)
        let workout = try #require(try Self.messages(exported, .workout).first)
        #expect(workout.number(FITProfile.WorkoutField.sport) == UInt64(sport.rawValue), "\(tags) \(notation)")
        #expect(workout.number(FITProfile.WorkoutField.subSport) == UInt64(subSport.rawValue), "\(tags) \(notation)")
        // Read back, the sport is a tag that exports as the same sport again.
        let again = try WorkoutExport.write(try WorkoutImport.read(exported.bytes, format: .fit, name: "x").workout, as: .fit)
        #expect(
            try Self.messages(again, .workout).first?.number(FITProfile.WorkoutField.sport) == UInt64(sport.rawValue), "\(tags) \(notation)"
        )
    }

    @Test func aRunKeepsItsSportTypeInAZwiftFile() throws {
        let run = try WorkoutExport.write(try Self.workout("10m @ 88%", tags: ["run"]), as: .zwo)
        #expect(String(decoding: run.bytes, as: UTF8.self).contains("<sportType>run</sportType>"))
        let ride = try WorkoutExport.write(try Self.workout("10m @ 88%"), as: .zwo)
        #expect(String(decoding: ride.bytes, as: UTF8.self).contains("<sportType>bike</sportType>"))
    }

    @Test func everyExportHasItsOwnSerialNumberAndTime() throws {
        let (a, b) = (try Self.workout("10m @ 88%"), try Self.workout("12m @ 88%"))
        let identity = FITFileIdentity(created: 1_800_000_000, nonce: 7)
        func fileID(_ workout: Workout, _ identity: FITFileIdentity) throws -> FITMessages.Message {
            try #require(try Self.messages(try WorkoutExport.write(workout, as: .fit, identity: identity), .fileID).first)
        }
        let first = try fileID(a, identity)
        let serial = first.number(FITProfile.FileIDField.serialNumber)
        #expect(serial != nil && first.number(FITProfile.FileIDField.timeCreated) == UInt64(1_800_000_000 - 631_065_600))
        #expect(try fileID(b, identity).number(FITProfile.FileIDField.serialNumber) != serial, "two workouts, one second")
        #expect(
            try fileID(a, FITFileIdentity(created: 1_800_000_000, nonce: 8)).number(FITProfile.FileIDField.serialNumber) != serial,
            "one workout exported twice")
    }

    @Test(arguments: WorkoutFormat.writable)
    func aDistanceLabelOnATimedStepIsSaidToBeDropped(format: WorkoutFormat) throws {
        let exported = try WorkoutExport.write(
            try Self.workout("3m Tempo @ 88% {distance: 1 km}"), as: format, thresholds: TargetThresholds(ftp: 250))
        #expect(
            exported.warnings.contains { $0.contains("distance label is dropped") && $0.contains("\"Tempo\"") },
            "\(format): \(exported.warnings)")
    }

    @Test func aDistanceLabelThatIsNoLengthIsSaidToBeDroppedFromFIT() throws {
        let exported = try WorkoutExport.write(try Self.workout("open Lap {distance: one lap}"), as: .fit)
        #expect(
            exported.warnings.contains { $0.contains("a distance label that is no length (\"one lap\") is dropped") },
            "\(exported.warnings)")
    }
}
