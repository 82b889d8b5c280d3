import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// A workout file as `new` and `edit` write it: named, pointed at the local schema, laid out, checked.
public enum WorkoutFile {
    /// What `pacer new NAME` starts from without notation or --from.
    public static let template = #"""
        {
          "$comment": "A new workout: change the name, the steps and this comment, then 'pacer show' it. Every key is in docs/workout-format.md; a $comment may sit in any object.",
          "name": "",
          "description": "What this workout is for.",
          "steps": [
            { "prepare": "10s", "name": "Get ready" },
            { "repeat": 3, "rest_between_rounds": "30s",
              "steps": [
                { "work": "40s", "name": "Squats", "$comment": "a timed phase: work, rest, prepare, warmup or cooldown" },
                { "rest": "20s" },
                { "reps": 10, "name": "Push-ups", "$comment": "a rep step: say 'done' when they are done" }
              ] },
            { "cooldown": "2m" }
          ]
        }
        """#

    /// `$XDG_CONFIG_HOME/pacer/workouts/NAME.json`.
    public static func path(ofNamed name: String, environment: Environment) -> String {
        environment.configFolder + "/workouts/\(name).json"
    }

    /// Writes the workout in `bytes` (valid JSON) as `path` (standard output for `-`), named
    /// `name`, with the local schema, its warnings shown; returns the plan in a few words. Nothing is
    /// written when the result is not a valid workout.
    public static func write(_ bytes: [UInt8], named name: String, to path: String) throws(CommandFailure) -> String {
        let shown = path == "-" ? "<stdout>" : path
        guard let root = try? JSONParser.parse(bytes) else {
            throw .notJSON(shown: shown)
        }
        let text = WorkoutLayout.text(of: root.setting("name", to: name).setting("$schema", to: WorkoutSchema.localPath()))
        let plan: Plan
        do throws(WorkoutErrors) {
            let decoded = try WorkoutDecoder.decodeWithWarnings(Array(text.utf8))
            decoded.warnings.forEach { Output.problem(TerminalText($0.formatted(file: shown))) }
            plan = Plan(decoded.workout)
        } catch {
            throw .workout(.invalid(file: shown, problems: error.diagnostics))
        }
        guard path != "-" else {
            Output.data(text)
            return PlanSummary(plan).text
        }
        do throws(FileError) {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try FileSystem.createDirectories(String(path[..<slash])) }
            try ReplacementFile.write(Array(text.utf8), to: path)
        } catch {
            throw .file(error)
        }
        return PlanSummary(plan).text
    }
}
