/// The formats of other apps that pacer reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Zwift's workout XML.
    case zwo
    /// A course file in watts (TrainerRoad, GoldenCheetah, PerfPRO).
    case erg
    /// A course file in percent of FTP.
    case mrc

    /// How the format is named to the user.
    public var title: String {
        switch self {
        case .zwo: "a Zwift workout (.zwo)"
        case .erg: "an ERG course file"
        case .mrc: "an MRC course file"
        }
    }

    /// The format of a file from its content, else its extension; nil for anything else (a
    /// workout's own JSON among them).
    public static func detect(_ bytes: [UInt8], path: String) -> ImportFormat? {
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
        return extensionFormat(of: path)
    }

    /// The format a file name's extension says, in any case (`ride.ZWO`).
    public static func extensionFormat(of path: String) -> ImportFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return ImportFormat(rawValue: path[path.index(after: dot)...].lowercased())
    }
}
