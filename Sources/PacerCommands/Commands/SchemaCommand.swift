import PacerCommandLine
import PacerRuntime
import PacerUserFiles

/// `pacer schema`: the JSON Schema of workout files, for editors and checkers.
enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema", abstract: "print the JSON Schema of workout files", usage: "pacer schema", arguments: nil,
        details: """
            The schema pacer was built with (workouts/schema.json; scripts/install puts it in
            share/pacer/schema.json). Point an editor at it to check workout files as you type and
            to offer whole steps (see docs/workout-format.md, Editor support).
            """,
        options: []
    ) { arguments, _ in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("schema takes no arguments", hintFor: "schema")
        }
        Output.source(WorkoutSchema.bytes)
        return ExitStatus.success
    }
}
