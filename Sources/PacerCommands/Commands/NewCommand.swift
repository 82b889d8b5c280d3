import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// `pacer new NAME [NOTATION | --from WORKOUT]`: a new workout file, laid out as `fmt` would.
enum NewCommand {
    static let from = Option<String>(
        "--from", value: "WORKOUT", help: "start from a copy of this workout (a name, a path or -)", kind: .workout)
    static let output = Option<String>(
        "-o", value: "FILE", help: "write FILE instead of the config folder's NAME.json (- for standard output)", kind: .file)
    static let force = Flag("--force", help: "replace the file if it exists")

    static let spec = CommandSpec(
        name: "new", abstract: "write a new workout file from a line of notation, another workout or a template",
        usage: "pacer new NAME [NOTATION | --from WORKOUT] [-o FILE] [--force]", arguments: .free,
        details: """
            Writes $XDG_CONFIG_HOME/pacer/workouts/NAME.json (or FILE; -o - writes to standard
            output), named NAME, laid out as 'pacer fmt' does, with a "$schema" that points at the
            schema on this machine so editors check it. From a line of notation ("10s prepare, 8x(20s Sprint, 10s rest)"), a copy of
            another workout (--from tabata), or else a small template to fill in. It is checked
            before it is written, and an existing file is kept unless --force.
            """,
        options: [
            from.spec, output.spec, force.spec,
        ]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "new") { () throws(UsageError) in
            let positionals = arguments.positionals
            guard let name = positionals.first, positionals.count <= 2 else {
                throw .init(
                    message: positionals.isEmpty ? "new needs the NAME of the workout" : "new takes a NAME and at most one line of notation"
                )
            }
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.hasPrefix("-") else {
                throw .init(message: "'\(name)' cannot name a workout file: give a name without '/' that does not start with '.' or '-'")
            }
            let notation = positionals.count == 2 ? positionals[1] : nil
            if let notation, !NotationWorkout.looksLikeNotation(notation) {
                throw .init(
                    message:
                        "'\(notation)' is not a line of notation (which starts with a number, such as 30s or 8x(...)); --from WORKOUT copies a workout"
                )
            }
            if notation != nil, arguments[from] != nil { throw .init(message: "give a line of notation or --from WORKOUT, not both") }
            let path = arguments[output] ?? WorkoutFile.path(ofNamed: name, environment: environment)
            if path != "-", FileSystem.exists(path), !arguments[force] {
                Output.problem("pacer: \(path) exists; 'pacer edit \(name)' changes it, --force replaces it")
                return ExitStatus.failure
            }
            do throws(CommandFailure) {
                let bytes: [UInt8]
                if let reference = notation ?? arguments[from] {
                    let library = WorkoutLibrary(environment: environment, notationName: notation.map { _ in name })
                    let loaded = try CommandFailure.loading { () throws(WorkoutLoadError) in
                        try WorkoutLoader.load(reference, library: library)
                    }
                    if path != "-", let refusal = loaded.source.refusal(toWrite: path) { return refusal.report() }
                    bytes = loaded.bytes
                } else {
                    bytes = Array(WorkoutFile.template.utf8)
                }
                let summary = try WorkoutFile.write(bytes, named: name, to: path)
                if path != "-" { Output.line("created \(environment.abbreviatingHome(path)): \(summary)") }
                return ExitStatus.success
            } catch {
                error.lines.forEach { Output.problem(TerminalText($0)) }
                return ExitStatus.failure
            }
        }
    }
}
