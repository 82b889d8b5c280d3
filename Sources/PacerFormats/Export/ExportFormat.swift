/// The formats of other apps that pacer writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// Zwift's workout XML.
    case zwo
    /// A course file in watts.
    case erg
    /// A course file in percent of FTP.
    case mrc
    /// intervals.icu's workout text.
    case icu
    /// A Garmin FIT workout file.
    case fit

    /// How the format is named in messages.
    public var title: String {
        switch self {
        case .zwo: "a Zwift workout (.zwo)"
        case .erg: "an ERG course file"
        case .mrc: "an MRC course file"
        case .icu: "intervals.icu workout text"
        case .fit: "a FIT workout file"
        }
    }

    /// The format's short name, as messages say what it can and cannot say.
    var short: String {
        switch self {
        case .zwo: ".zwo"
        case .erg: "ERG"
        case .mrc: "MRC"
        case .icu: "intervals.icu text"
        case .fit: "FIT"
        }
    }

    /// Whether the file is bytes, not text: it never goes to a terminal.
    public var isBinary: Bool { self == .fit }

    /// Whether a step may be measured by distance.
    var measuresDistance: Bool { self == .fit || self == .icu }

    /// Whether a step may last until the user ends it.
    var hasOpenSteps: Bool { self == .fit }
}
