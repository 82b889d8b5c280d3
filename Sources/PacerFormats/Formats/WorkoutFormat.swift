import PacerFoundation
import PacerWorkout

/// Another app's workout format: its names, how its files are known, what they can hold, and the
/// reader and writer that carry it to and from the one workout model. `WorkoutFormat.all` is the
/// table of them, from which help, errors, completions and the man page are made.
public struct WorkoutFormat: Sendable, Hashable, CustomStringConvertible {
    /// What a reader is given besides the bytes: the name for a workout whose file gives none, and
    /// the way to the files a YAML workout includes (nil refuses an include), and whether timed texts are read.
    struct ReadContext {
        let name: String
        let includes: YAMLIncludes?
        let texts: ImportedTexts
    }

    /// What a writer is given besides the workout: the athlete's thresholds, and the identity that
    /// makes a FIT file one of its own on a device.
    struct WriteContext {
        let thresholds: TargetThresholds
        let identity: FITFileIdentity
    }

    /// A file written, and what the format could not say, a line each.
    struct Written {
        let bytes: [UInt8]
        let warnings: [String]
    }

    typealias Reader = @Sendable ([UInt8], ReadContext) throws(WorkoutErrors) -> ImportedDraft
    typealias Writer = @Sendable (Workout, [ExportStep], WriteContext) throws(ExportRefusal) -> Written

    /// The name on the command line (`--from zwo`, `--to fit`).
    public let name: String
    /// How messages name it: "a Zwift workout (.zwo)".
    public let title: String
    /// The app or kind of file, as a list of formats names it: "Zwift", "ERG", "intervals.icu".
    public let app: String
    /// Its short name, as messages say what it can and cannot say: ".zwo", "intervals.icu text".
    let short: String
    /// The extensions that say the format by themselves, lowercase, the usual one first.
    public let extensions: [String]
    /// Extensions its files often have that say nothing by themselves (`.txt` for intervals.icu
    /// text): such a file is taken as a path, and known by its content.
    public let looseExtensions: [String]
    /// What its files can hold.
    public let traits: FormatTraits
    let detector: FormatDetector?
    let reader: Reader?
    let writer: Writer?

    init(
        name: String, title: String, app: String, short: String, extensions: [String], looseExtensions: [String] = [],
        traits: FormatTraits = [], detector: FormatDetector?, reader: Reader?, writer: Writer?
    ) {
        self.name = name
        self.title = title
        self.app = app
        self.short = short
        self.extensions = extensions
        self.looseExtensions = looseExtensions
        self.traits = traits
        self.detector = detector
        self.reader = reader
        self.writer = writer
    }

    public var description: String { name }

    /// Whether pacer reads (imports) it.
    public var isReadable: Bool { reader != nil }
    /// Whether pacer writes (exports) it.
    public var isWritable: Bool { writer != nil }
    /// Whether the file is bytes, not text: it never goes to a terminal.
    public var isBinary: Bool { traits.contains(.binary) }
    /// Whether a step may be measured by distance.
    var measuresDistance: Bool { traits.contains(.distances) }
    /// Whether a step may last until the user ends it.
    var hasOpenSteps: Bool { traits.contains(.openSteps) }

    public static func == (left: WorkoutFormat, right: WorkoutFormat) -> Bool { left.name == right.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// What a format's files can hold beyond timed steps.
public struct FormatTraits: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The file is bytes, not text.
    public static let binary = FormatTraits(rawValue: 1 << 0)
    /// A step may be measured by distance.
    public static let distances = FormatTraits(rawValue: 1 << 1)
    /// A step may last until the user ends it.
    public static let openSteps = FormatTraits(rawValue: 1 << 2)
}
