import PacerCore

extension WorkoutFormat {
    public static let tcx = WorkoutFormat(
        name: "tcx", title: "a Garmin TCX workout (.tcx)", app: "TCX", short: "TCX", extensions: ["tcx"],
        detector: nil, reader: nil, writer: TCXWorkoutWriter.write)
}

/// Writes a workout as a Training Center XML workout: a timed `Step` per step (a stub: no targets).
enum TCXWorkoutWriter {
    static func write(_ workout: Workout, steps: [ExportStep], context: WorkoutFormat.WriteContext) throws(ExportRefusal) -> WorkoutFormat.Written {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<TrainingCenterDatabase><Workouts><Workout><Name>\(ExportText.xml(workout.name))</Name>"]
        for (index, step) in steps.enumerated() {
            guard let duration = step.duration else { throw ExportRefusal("\"\(step.name)\" is not timed, and TCX steps are here") }
            lines.append("<Step><StepId>\(index + 1)</StepId><Name>\(ExportText.xml(step.name))</Name><Duration><Seconds>\(duration.milliseconds / 1000)</Seconds></Duration></Step>")
        }
        lines.append("</Workout></Workouts></TrainingCenterDatabase>")
        return WorkoutFormat.Written(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), warnings: [])
    }
}
