import PacerFoundation
import PacerWorkout

/// Pacer's own workout format spelled in YAML, as `pacer fmt` lays it out: the workout file's JSON
/// a YAML file stands for, and that JSON written back as YAML (through libyaml), keys in the
/// layout's order.
public enum PacerYAMLLayout {
    /// The JSON a YAML workout in pacer's own format stands for; nil for a qintervals or
    /// garmin-workouts one. An `!include` is refused: laying the file out
    /// would write what it includes into it.
    public static func json(of bytes: [UInt8]) throws(WorkoutErrors) -> [UInt8]? {
        let (root, _) = try YAMLWorkoutReader.root(of: bytes, includes: nil)
        guard PacerYAMLReader.isPacerFormat(root) else { return nil }
        if let comment = commentLine(in: bytes) {
            throw importError(
                SourcePosition(line: comment, column: 1),
                "this line holds a # comment, which laying the YAML out would drop: write it as a \"$comment\" key, which is kept")
        }
        return Array(PacerYAMLReader.json(of: root).text.utf8)
    }

    /// A workout file's parsed JSON as YAML, its keys in the layout's order (`WorkoutLayout.ordered`).
    public static func text(of root: JSONValue) throws(WorkoutErrors) -> String {
        do {
            return try YAMLEmitter.text(of: WorkoutLayout.ordered(root))
        } catch {
            throw WorkoutErrors([Diagnostic(.file, error.message)])
        }
    }

    /// The first line holding what may be a `#` comment (a `#` at a line's start or after a space
    /// or tab); a `#` inside a quoted text is taken for one too.
    private static func commentLine(in bytes: [UInt8]) -> Int? {
        var (line, previous) = (1, UInt8(ascii: "\n"))
        for byte in bytes {
            if byte == UInt8(ascii: "#"), previous == UInt8(ascii: "\n") || previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t")
            {
                return line
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            previous = byte
        }
        return nil
    }
}
