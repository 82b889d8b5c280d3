/// The formats of other apps that pacer reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Zwift's workout XML.
    case zwo
    /// A course file in watts (TrainerRoad, GoldenCheetah, PerfPRO).
    case erg
    /// A course file in percent of FTP.
    case mrc
    /// intervals.icu's workout text.
    case icu
    /// A YAML workout of qintervals or garmin-workouts.
    case yaml
    /// A Garmin FIT workout file.
    case fit

    /// How the format is named to the user.
    public var title: String {
        switch self {
        case .zwo: "a Zwift workout (.zwo)"
        case .erg: "an ERG course file"
        case .mrc: "an MRC course file"
        case .icu: "an intervals.icu workout (text)"
        case .yaml: "a YAML workout (qintervals or garmin-workouts)"
        case .fit: "a Garmin FIT workout (.fit)"
        }
    }

    /// The extensions that say the format by themselves, lowercase; intervals.icu text has none,
    /// since a `.txt` file may hold anything: it is known by its content, or by `--from icu`.
    public var extensions: [String] {
        switch self {
        case .zwo, .erg, .mrc, .fit: [rawValue]
        case .icu: []
        case .yaml: ["yaml", "yml"]
        }
    }

    /// The format of a file from its content, else its extension; nil for anything else (a
    /// workout's own JSON among them).
    public static func detect(_ bytes: [UInt8], path: String) -> ImportFormat? {
        if bytes.count >= 12, bytes[8..<12].elementsEqual(".FIT".utf8) { return .fit }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let start = head.drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if start.hasPrefix("{") || start.hasPrefix("[{") { return nil }
        if start.hasPrefix("<"), head.lowercased().contains("<workout_file") { return .zwo }
        let squeezed = head.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        if squeezed.contains("[COURSE HEADER]") || squeezed.contains("[COURSE DATA]") {
            if squeezed.contains("MINUTES PERCENT") { return .mrc }
            if squeezed.contains("MINUTES WATTS") { return .erg }
            return extensionFormat(of: path) == .mrc ? .mrc : .erg
        }
        if looksLikeYAMLWorkout(head) { return .yaml }
        if IcuTextReader.looksLikeIcu(bytes) { return .icu }
        return extensionFormat(of: path)
    }

    /// Whether a file starts as a YAML workout does: a line `intervals:` or `steps:` at the margin,
    /// and one `title:` or `name:`.
    private static func looksLikeYAMLWorkout(_ head: String) -> Bool {
        let lines = head.split(whereSeparator: \.isNewline)
        return lines.contains { $0.hasPrefix("intervals:") || $0.hasPrefix("steps:") } && lines.contains { $0.hasPrefix("title:") || $0.hasPrefix("name:") }
    }

    /// The format a file name's extension says, in any case (`ride.ZWO`).
    public static func extensionFormat(of path: String) -> ImportFormat? {
        guard let written = fileExtension(of: path) else { return nil }
        return allCases.first { $0.extensions.contains(written) }
    }

    /// The extension of a file another app may have written (`.zwo`, `.erg`, `.mrc`, or `.txt`,
    /// which may be intervals.icu text), lowercase; nil for any other.
    public static func importExtension(of path: String) -> String? {
        guard let written = fileExtension(of: path), written == "txt" || extensionFormat(of: path) != nil else { return nil }
        return written
    }

    private static func fileExtension(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }
}
