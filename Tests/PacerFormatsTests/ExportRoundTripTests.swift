import Foundation
import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// import(export(W)) gives the same phases as W, for every shipped workout a format can express;
/// the others are refused, naming the step.
@Suite struct ExportRoundTripTests {
    static let ftp = 250.0
    static let workoutsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("workouts")

    static func shipped() throws -> [(name: String, workout: Workout)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: workoutsFolder.path).filter {
            $0.hasSuffix(".json") && $0 != "schema.json"
        }.sorted()
        return try files.map { file in
            let bytes = try [UInt8](Data(contentsOf: workoutsFolder.appendingPathComponent(file)))
            return (file, try WorkoutDecoder.decodeWithWarnings(bytes).workout)
        }
    }

    /// What a phase is, as the formats written as text keep it.
    struct Kept: Equatable, CustomStringConvertible {
        let milliseconds: Int64
        /// Power at the start and at the end, in percent of FTP (low, high); nil without one.
        let power: [Double]?
        let cadence: [Double]?
        /// Every cue with its offset into the phase, in milliseconds.
        let cues: [String]

        var description: String { "\(milliseconds) ms power \(power ?? []) cadence \(cadence ?? []) cues \(cues)" }
    }

    static func kept(_ phase: Phase, middles: Bool, cadence keepsCadence: Bool) -> Kept {
        var power: [Double]?
        if case .target(let unit, let span)? = phase.targets.power {
            let percent: (Double) -> Double =
                switch unit {
                case .ftp: { $0 }
                case .watts: { $0 / ftp * 100 }
                case .zone: { _ in Double.nan }
                }
            let values = [span.start.low, span.start.high, span.end.low, span.end.high].map(percent)
            let middle = [
                (values[0] + values[1]) / 2, (values[0] + values[1]) / 2, (values[2] + values[3]) / 2, (values[2] + values[3]) / 2,
            ]
            power = (middles ? middle : values).map { ($0 * 100).rounded() / 100 }
        }
        let cadence = keepsCadence ? phase.targets.cadence.map { [$0.span.start.low, $0.span.start.high] } : nil
        let cues = (phase.cue.map { ["0: \($0)"] } ?? []) + phase.cues.map { "\($0.at.milliseconds): \($0.text)" }
        return Kept(milliseconds: phase.duration?.milliseconds ?? -1, power: power, cadence: cadence, cues: cues)
    }

    /// Whether the plan has a phase no text format here can say: a rep step, a phase of an AMRAP,
    /// an EMOM or a capped block, or one without a duration.
    static func unwritable(_ workout: Workout) -> Bool {
        Plan(workout).phases.contains { $0.kind == .reps || $0.timeLimit != nil || $0.window != nil || $0.duration == nil }
    }

    @Test(arguments: [WorkoutFormat.zwo, .erg, .mrc])
    func roundTripsEveryShippedWorkoutItCanSay(_ format: WorkoutFormat) throws {
        var written = 0
        for (file, workout) in try Self.shipped() {
            let exported: ExportedWorkout
            do {
                exported = try WorkoutExport.write(workout, as: format, thresholds: TargetThresholds(ftp: Self.ftp))
            } catch {
                #expect(Self.unwritable(workout), "\(file) was refused: \(error.message)")
                #expect(error.message.hasPrefix("\""), "the refusal names the step: \(error.message)")
                continue
            }
            #expect(!Self.unwritable(workout), "\(file) was written though it has a step \(format) cannot say")
            let imported = try WorkoutImport.read(exported.bytes, format: format, name: "fallback")
            let middles = format != .zwo
            let before = Plan(workout).phases.map { Self.kept($0, middles: middles, cadence: !middles) }
            let after = Plan(imported.workout).phases.map { Self.kept($0, middles: middles, cadence: !middles) }
            #expect(before == after, "\(file) through \(format):\n\(String(decoding: exported.bytes, as: UTF8.self))")
            #expect(imported.workout.name == workout.name)
            // Kinds are kept where the format says them: a warm-up ramp at the start, a cool-down ramp at the end.
            let (original, back) = (Plan(workout).phases, Plan(imported.workout).phases)
            for (index, phase) in original.enumerated()
            where index < back.count && phase.targets.power?.span?.isRamp == true
                && ((index == 0 && phase.kind == .warmup) || (index == original.count - 1 && phase.kind == .cooldown))
            {
                #expect(back[index].kind == phase.kind, "\(file) through \(format): \(phase.name) came back as \(back[index].kind)")
            }
            written += 1
        }
        #expect(written >= 4, "most shipped workouts are timed and can be written")
    }

    /// intervals.icu text keeps no workout name and no cues, and says kinds only by section names:
    /// what it keeps (each phase's time or distance, its targets as written, and whether it warms
    /// up or cools down) comes back the same for every shipped workout it can say.
    @Test func intervalsTextRoundTripsWhatItKeeps() throws {
        struct IcuKept: Equatable {
            let milliseconds: Int64?
            let distance: String?
            let targets: [String]
            /// Whether it warms up or cools down, which a section's name says.
            let warmsOrCools: PhaseKind?
        }
        func kept(_ plan: Plan) -> [IcuKept] {
            plan.phases.map { phase in
                IcuKept(
                    milliseconds: phase.duration?.milliseconds, distance: phase.distance, targets: phase.targets.descriptions(),
                    warmsOrCools: phase.kind == .warmup || phase.kind == .cooldown ? phase.kind : nil)
            }
        }
        var written = 0
        for (file, workout) in try Self.shipped() {
            guard let exported = try? WorkoutExport.write(workout, as: .icu, thresholds: TargetThresholds(ftp: Self.ftp)) else { continue }
            let imported = try WorkoutImport.read(exported.bytes, format: .icu, name: workout.name)
            #expect(
                kept(Plan(workout)) == kept(Plan(imported.workout)),
                "\(file) through icu:\n\(String(decoding: exported.bytes, as: UTF8.self))")
            written += 1
        }
        #expect(written >= 6)
    }
}
