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

    /// The same format as import knows it, which reads its files back.
    public var imported: ImportFormat {
        switch self {
        case .zwo: .zwo
        case .erg: .erg
        case .mrc: .mrc
        case .icu: .icu
        case .fit: .fit
        }
    }

    /// How the format is named in messages: as import names it.
    public var title: String { imported.title }

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
