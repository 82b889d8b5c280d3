/// A format a finished session is written in for the logbooks, with its name on the command line.
public enum ActivityFormat: String, Sendable, CaseIterable {
    case fit, tcx

    /// Its name in messages: `a FIT activity`.
    public var title: String {
        switch self {
        case .fit: "a FIT activity"
        case .tcx: "a TCX activity"
        }
    }

    /// The file name extension.
    public var fileExtension: String { rawValue }

    /// FIT is binary: it goes to a file or a pipe, never a terminal.
    public var isBinary: Bool { self == .fit }
}
