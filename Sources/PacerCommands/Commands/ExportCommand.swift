import PacerCommandLine
import PacerFormats
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// `pacer export WORKOUT --to FORMAT [-o FILE]`: a workout in another app's format.
enum ExportCommand {
    static let formats = WorkoutFormat.writable
    static let to = Option<WorkoutFormat>(
        "--to", value: "FORMAT", help: "the format: \(WorkoutFormat.names(of: formats)) (required)",
        kind: .choice(formats.map(\.name))
    ) { text throws(UsageError) in
        guard let format = WorkoutFormat.named(text, among: formats) else {
            throw UsageError(message: "--to takes \(WorkoutFormat.names(of: formats)), not '\(text)'")
        }
        return format
    }
    static let output = Option<String>(
        "-o", value: "FILE", help: "write the file here (whole or not at all) instead of standard output", kind: .file)
    static let spec = CommandSpec(
        name: "export", abstract: "write a workout for another app: \(WorkoutFormat.apps(of: formats, last: "or"))",
        usage:
            "pacer export WORKOUT --to \(formats.map(\.name).joined(separator: "|")) [--ftp W] [--lthr BPM] [--max-hr BPM] [--threshold-pace M:SS] [-o FILE]",
        arguments: .workout,
        details: SharedOptions.workoutArgument + """


            The workout is written from its expanded plan: repeats, 'for' blocks and per-round values
            are written out where the format has no repeat, and folded back into repeats where it
            has. What the format cannot say is refused, naming the step: a rep step, an AMRAP, an
            EMOM, a time cap, and a step measured by distance or left open in a format that times
            every step. What is lost on the way (a heart-rate target in a .zwo, a range in an ERG
            file) is said on standard error. Text goes to standard output unless -o is given; a FIT
            file is binary and goes to a file or a pipe, never to a terminal. Your thresholds (the
            flags, over "ftp", "lthr", "max_hr" and "threshold_pace" in config.json) turn shares
            into absolute values where the format needs them: FTP gives watts (ERG) and shares of
            FTP (.zwo, MRC); in a FIT file, LTHR and maximum heart rate give beats per minute and
            threshold pace gives speed. Without your FTP, an ERG or MRC file's own FTP = is used,
            with a note. See docs/import-export.md.
            """,
        options: [to.spec, output.spec] + ThresholdOptions.specs + [SharedOptions.notationName.spec]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "export") { () throws(UsageError) in
            let reference = try arguments.workout(for: "export")
            guard let format = arguments[to] else {
                throw UsageError(message: "export needs a format: --to \(WorkoutFormat.names(of: formats))")
            }
            let path = arguments[output]
            if path?.isEmpty == true { throw UsageError(message: "-o needs a file name") }
            if path == nil, format.isBinary, Output.isTerminal {
                throw UsageError(
                    message:
                        "\(format.app) is binary: give -o FILE.\(format.extensions.first ?? format.name) or redirect standard output to a file"
                )
            }
            let thresholds: TargetThresholds
            do throws(CommandFailure) {
                thresholds = try ThresholdOptions.thresholds(in: arguments, environment: environment)
            } catch {
                return error.report()
            }
            return export(reference, as: format, to: path, thresholds: thresholds, library: arguments.library(environment))
        }
    }

    private static func export(
        _ reference: String, as format: WorkoutFormat, to path: String?, thresholds: TargetThresholds, library: WorkoutLibrary
    ) -> Int32 {
        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try WorkoutLoader.load(reference, library: library).with(thresholds)
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        }
        loaded.warnings.forEach { Output.problem(TerminalText($0)) }
        if let path, let refusal = loaded.source.refusal(toWrite: path) { return refusal.report() }
        let exported: ExportedWorkout
        do throws(ExportRefusal) {
            let identity = FITFileIdentity(created: WallTime.now().epochSeconds, nonce: UInt32.random(in: .min ... .max))
            exported = try WorkoutExport.write(loaded.workout, as: format, thresholds: loaded.plan.thresholds, identity: identity)
        } catch {
            Output.problem(TerminalText("pacer: \(loaded.source.path) cannot be written as \(format.title): \(error.message)"))
            return ExitStatus.failure
        }
        exported.warnings.forEach { Output.problem(TerminalText("pacer: warning: \($0)")) }
        guard let path else {
            Output.source(exported.bytes)
            return ExitStatus.success
        }
        do throws(FileError) {
            try ReplacementFile.write(exported.bytes, to: path)
        } catch {
            Output.problem(TerminalText("pacer: \(error.description)"))
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
