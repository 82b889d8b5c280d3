import PacerCommandLine
import PacerFoundation
import PacerUserFiles
import TerminalRendering

/// `pacer list`: every workout on the search path, broken ones included.
enum ListCommand {
    static let names = Flag("--names", help: "only the names, one a line, each once, in search order (for scripts and completions)")

    static let spec = CommandSpec(
        name: "list", abstract: "list the workouts on the search path", usage: "pacer list [--names]", arguments: nil,
        details: """
            Searches $PACER_PATH, ./workouts, $XDG_CONFIG_HOME/pacer/workouts and the built-in
            workouts, in that order; 'pacer run NAME' takes the first NAME found.
            """,
        options: [
            names.spec
        ]
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("list takes no arguments", hintFor: "list")
        }
        let library = WorkoutLibrary(environment: environment)
        if arguments[names] {
            names(in: library).forEach { Output.line(TerminalText($0)) }
        } else {
            table(of: library).lines().forEach(Output.line)
        }
        return ExitStatus.success
    }

    /// Each name once, in search order, without reading the files. A name the terminal would be
    /// shown escaped (one with a line break or another control character) cannot be a line of
    /// this list, nor be typed, so it is left out.
    private static func names(in library: WorkoutLibrary) -> [String] {
        var seen: Set<String> = []
        return library.all().map(\.name).filter { name in
            TerminalText(name).plain == name && seen.insert(name).inserted
        }
    }

    private static func table(of library: WorkoutLibrary) -> TextTable {
        var table = TextTable([.left, .right, .right, .left, .left])
        table.append(["NAME", "PHASES", "TIME", "TAGS", "WHERE"])
        var seen: Set<String> = []
        for source in library.all() {
            let origin = seen.insert(source.name).inserted ? source.origin : "\(source.origin) (hidden by the one above)"
            do throws(WorkoutLoadError) {
                // A listing shows no cue: a file's thousands of timed texts are not read (issue 41.4).
                let loaded = try WorkoutLoader.load(source, texts: .skipped)
                table.append([
                    TerminalText(source.name), "\(loaded.plan.phases.count)", TerminalText(loaded.plan.planned.clock),
                    TerminalText(loaded.workout.tags.joined(separator: ",")), TerminalText(origin),
                ])
            } catch {
                let problems = "\(error.lines.count) problem\(error.lines.count == 1 ? "" : "s")"
                table.append([
                    TerminalText(source.name), "-", "-", "broken: \(problems) (pacer validate \(source.path))", TerminalText(origin),
                ])
            }
        }
        return table
    }
}
