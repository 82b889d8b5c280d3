import PacerCommandLine
import PacerFormats
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// `pacer import`: files of other apps written as workout files, each with a summary line.
public struct WorkoutImporting {
    /// Where the workout files go.
    public enum Destination: Sendable {
        /// Standard output (one file only).
        case standardOutput
        /// This file (one file only).
        case file(String)
        /// This folder, each file as NAME.json.
        case folder(String)
    }

    let library: WorkoutLibrary
    let format: WorkoutFormat?
    let destination: Destination
    let force: Bool

    public init(library: WorkoutLibrary, format: WorkoutFormat?, destination: Destination, force: Bool) {
        self.library = library
        self.format = format
        self.destination = destination
        self.force = force
    }

    /// Imports each file, going on past one that fails; the exit status is a failure if any did.
    public func run(_ references: [String]) -> Int32 {
        if case .folder(let folder) = destination, !FileSystem.exists(folder + "/.") {
            Output.problem(TerminalText("pacer: \(folder) is not a folder: create it first (mkdir -p \(folder.shellQuoted))"))
            return ExitStatus.failure
        }
        var written = Set<String>()
        var failed = false
        for reference in references {
            do throws(CommandFailure) {
                try importOne(reference, written: &written)
            } catch {
                failed = true
                error.lines.forEach { Output.problem(TerminalText($0)) }
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    private func importOne(_ reference: String, written: inout Set<String>) throws(CommandFailure) {
        let (source, imported) = try CommandFailure.loading { () throws(WorkoutLoadError) in
            try WorkoutLoader.imported(reference, as: format, library: library)
        }
        let path: String?
        switch destination {
        case .standardOutput: path = nil
        case .file(let file): path = file == "-" ? nil : file
        case .folder(let folder):
            path = (folder.hasSuffix("/") ? folder : folder + "/") + (source.isStandardInput ? "imported" : source.name) + ".json"
        }
        if let path {
            guard written.insert(path).inserted else { throw .writtenTwice(source: source.path, path: path) }
            if let refusal = source.refusal(toWrite: path) { throw refusal }
            if FileSystem.entryExists(path), !force { throw .exists(path: path) }
        }
        imported.warnings.forEach { Output.problem(TerminalText($0.formatted(file: source.path))) }
        if let note = Self.ftpNote(of: imported, from: source.path) { Output.problem(TerminalText(note)) }
        if let path {
            do throws(FileError) {
                try ReplacementFile.write(Array(imported.json.utf8), to: path)
            } catch {
                throw .unwritten(path: path, error)
            }
        } else {
            Output.data(imported.json)
            Output.flush()
            // No summary claims a workout written that was not: the failure is said as the command ends.
            guard Output.failedWrite == nil else { return }
        }
        Output.problem(TerminalText(Self.summary(of: imported, from: source.path, to: path)))
    }

    /// What becomes of the FTP the file was written for (an ERG's `FTP =`): a workout file has no
    /// place for one, so it stays in the description only; nil when the file gives none.
    static func ftpNote(of imported: ImportedWorkout, from source: String) -> String? {
        imported.ftp.map { ftp in
            let watts = JSONText.number(ftp)
            return
                "\(source): note: a workout file holds no FTP: the file's FTP of \(watts) W is kept in the description only (--ftp \(watts) rides it at that FTP)"
        }
    }

    /// `ride.zwo: "Over-unders", 9 steps (27 phases), 1h 2m, 2 warnings -> ride.json`.
    static func summary(of imported: ImportedWorkout, from source: String, to path: String?) -> String {
        let plan = Plan(imported.workout)
        let count = imported.warnings.count
        let warnings = count == 0 ? "no warnings" : count == 1 ? "1 warning" : "\(count) warnings"
        let steps = imported.workout.steps.count == 1 ? "1 step" : "\(imported.workout.steps.count) steps"
        let phases = steps + " (" + (plan.phases.count == 1 ? "1 phase" : "\(plan.phases.count) phases") + ")"
        let untimed = plan.phases.contains { $0.duration == nil } ? " and open steps" : ""
        return "\(source): \(JSONText.quoted(imported.workout.name)), \(phases), \(plan.planned.spoken)\(untimed), \(warnings)"
            + (path.map { " -> \($0)" } ?? "")
    }
}
