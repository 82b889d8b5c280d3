import PacerFoundation
import PacerWorkout

/// The table of formats: one entry each, in the order help and messages list them. Adding a
/// format is a reader or writer in a file of its own and an entry here.
extension WorkoutFormat {
    /// Every format pacer reads or writes.
    public static let all: [WorkoutFormat] = [.zwo, .erg, .mrc, .icu, .yaml, .fit]

    public static let zwo = WorkoutFormat(
        name: "zwo", title: "a Zwift workout (.zwo)", app: "Zwift", short: ".zwo", extensions: ["zwo"],
        detector: FormatDetector(strength: .shape, matches: ZwiftReader.looksLikeZwift),
        reader: { bytes, context throws(WorkoutErrors) in try ZwiftReader.read(bytes, name: context.name, texts: context.texts) },
        writer: { workout, steps, context throws(ExportRefusal) in
            var writer = ZwiftWriter(thresholds: context.thresholds)
            return Written(bytes: Array(try writer.text(of: workout, steps: steps).utf8), warnings: writer.notes.warnings)
        })

    public static let erg = courseFile(percent: false)

    public static let mrc = courseFile(percent: true)

    public static let icu = WorkoutFormat(
        name: "icu", title: "an intervals.icu workout (text)", app: "intervals.icu", short: "intervals.icu text", extensions: [],
        looseExtensions: ["txt"], traits: .distances,
        detector: FormatDetector(strength: .guess) { IcuTextReader.looksLikeIcu($0.bytes) },
        reader: { bytes, context throws(WorkoutErrors) in try IcuTextReader.read(bytes, name: context.name) },
        writer: { workout, steps, _ throws(ExportRefusal) in
            var writer = IntervalsTextWriter()
            return Written(
                bytes: Array(try writer.text(of: steps, sections: NamedRepeat.starts(in: workout)).utf8), warnings: writer.notes.warnings)
        })

    public static let yaml = WorkoutFormat(
        name: "yaml", title: "a YAML workout (qintervals or garmin-workouts)", app: "YAML", short: "YAML", extensions: ["yaml", "yml"],
        detector: FormatDetector(strength: .shape, matches: YAMLWorkoutReader.looksLikeYAMLWorkout),
        reader: { bytes, context throws(WorkoutErrors) in try YAMLWorkoutReader.read(bytes, name: context.name, includes: context.includes)
        },
        writer: nil)

    public static let fit = WorkoutFormat(
        name: "fit", title: "a Garmin FIT workout (.fit)", app: "FIT", short: "FIT", extensions: ["fit"],
        traits: [.binary, .distances, .openSteps],
        detector: FormatDetector(strength: .signature, matches: FITReader.hasSignature),
        reader: { bytes, context throws(WorkoutErrors) in try FITReader.read(bytes, name: context.name) },
        writer: { workout, steps, context throws(ExportRefusal) in
            var writer = FITWriter(thresholds: context.thresholds, identity: context.identity)
            return Written(bytes: try writer.bytes(of: workout, steps: steps), warnings: writer.notes.warnings)
        })

    /// An ERG course file (watts) or, with `percent`, an MRC one (percent of FTP).
    private static func courseFile(percent: Bool) -> WorkoutFormat {
        let name = percent ? "mrc" : "erg"
        return WorkoutFormat(
            name: name, title: "an \(name.uppercased()) course file", app: name.uppercased(), short: name.uppercased(), extensions: [name],
            detector: FormatDetector(strength: .shape) { CourseFileReader.looksLikeCourse($0, percent: percent) },
            reader: { bytes, context throws(WorkoutErrors) in
                try CourseFileReader.read(bytes, percent: percent, name: context.name, texts: context.texts)
            },
            writer: { workout, steps, context throws(ExportRefusal) in
                var writer = CourseFileWriter(percent: percent, thresholds: context.thresholds)
                return Written(bytes: Array(try writer.text(of: workout, steps: steps).utf8), warnings: writer.notes.warnings)
            })
    }
}
