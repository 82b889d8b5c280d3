import PacerCommandLine
import PacerFormats
import PacerUserFiles

/// `pacer import FILE...`: files of other apps (`WorkoutFormat.readable`) written as workout files.
enum ImportCommand {
    static let formats = WorkoutFormat.readable
    static let names = formats.map(\.name).joined(separator: ", ")
    static let from = Option<WorkoutFormat>(
        "--from", value: "FORMAT", help: "read every FILE as this format: \(names)", kind: .choice(formats.map(\.name))
    ) { text throws(UsageError) in
        guard let format = WorkoutFormat.named(text, among: formats) else {
            throw UsageError(message: "--from takes \(names), not '\(text)'")
        }
        return format
    }
    static let output = Option<String>("-o", value: "FILE", help: "write the one workout file here (- for standard output)", kind: .file)
    static let folder = Option<String>("-d", value: "DIR", help: "write each workout to DIR/NAME.json", kind: .file)
    static let force = Flag("--force", help: "replace files that exist")

    static let spec = CommandSpec(
        name: "import", abstract: "write \(WorkoutFormat.apps(of: formats)) files as workout files",
        usage: "pacer import [--from FORMAT] [-o FILE | -d DIR] [--force] FILE...", arguments: .workout,
        details: """
            Each FILE becomes a workout file of the same steps, targets and cues, checked as any
            workout file is: to standard output for one FILE, to -o FILE, or with -d DIR to
            DIR/NAME.json for each (NAME is the file's name without its extension). A file that
            exists is kept unless --force; a file is written whole or not at all. The format is
            known by the content, then the extension (\(WorkoutFormat.usualExtensions(of: formats))); --from says it (--from icu
            for intervals.icu text in a .txt that does not plainly look like it). What the
            format says that pacer cannot carry is a warning with its line (a byte offset in a FIT
            file); each file ends with a
            summary line on standard error. FILE may be - for standard input. run, show, validate,
            render and cat read these files directly; docs/import-export.md says what maps to what.
            """,
        options: [from.spec, output.spec, folder.spec, force.spec]
    ) { arguments, environment in
        let files = arguments.positionals
        guard !files.isEmpty else {
            return Pacer.usageError("import needs at least one file", hintFor: "import")
        }
        let destination: WorkoutImporting.Destination
        switch (arguments[output], arguments[folder]) {
        case (.some, .some):
            return Pacer.usageError("-o writes one file and -d a folder of them; give one of them", hintFor: "import")
        case (let file?, nil):
            guard files.count == 1 else {
                return Pacer.usageError(
                    "-o FILE takes one file, and \(files.count) were given: -d DIR writes each to DIR", hintFor: "import")
            }
            destination = .file(file)
        case (nil, let directory?):
            destination = .folder(directory)
        case (nil, nil):
            guard files.count == 1 else {
                return Pacer.usageError("\(files.count) files were given: -d DIR writes each to DIR/NAME.json", hintFor: "import")
            }
            destination = .standardOutput
        }
        let importing = WorkoutImporting(
            library: WorkoutLibrary(environment: environment), format: arguments[from], destination: destination, force: arguments[force])
        return importing.run(files)
    }
}
