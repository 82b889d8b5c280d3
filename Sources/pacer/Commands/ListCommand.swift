import PacerCore
import PacerRuntime

/// `pacer list`: every workout on the search path, broken ones included.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list", abstract: "list the workouts on the search path", usage: "pacer list",
        details: """
            Searches $PACER_PATH, ./workouts, $XDG_CONFIG_HOME/pacer/workouts and the built-in
            workouts, in that order; 'pacer run NAME' takes the first NAME found.
            """,
        options: []
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("list takes no arguments", hintFor: "list")
        }
        let library = WorkoutLibrary(environment: environment)
        var rows: [[String]] = [["NAME", "PHASES", "TIME", "TAGS", "WHERE"]]
        var seen: Set<String> = []
        for source in library.all() {
            let origin = seen.insert(source.name).inserted ? source.origin : "\(source.origin) (hidden by the one above)"
            do throws(WorkoutLoadError) {
                let loaded = try WorkoutLoader.load(source)
                rows.append([source.name, String(loaded.plan.phases.count), loaded.plan.planned.clock,
                             loaded.workout.tags.joined(separator: ","), origin])
            } catch {
                rows.append([source.name, "-", "-", "broken: \(error.lines.count) problem\(error.lines.count == 1 ? "" : "s") (pacer validate \(source.path))", origin])
            }
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = (0..<4).map { column in column == 1 || column == 2 ? row[column].leftPadding(widths[column]) : row[column].padding(widths[column]) }
            Output.line((cells + [row[4]]).joined(separator: "  "))
        }
        return ExitStatus.success
    }
}
