/// How a format is known from a file's first bytes, and how sure that is: a signature is checked
/// before a workout's own JSON is ruled out, a shape after, a guess only when no shape matched.
struct FormatDetector: Sendable {
    enum Strength: CaseIterable {
        /// Bytes no other file has (FIT's `.FIT`).
        case signature
        /// The structure of the format (a `<workout_file>`, a course header, YAML keys).
        case shape
        /// Text that plainly reads as the format, though other text might too (intervals.icu).
        case guess
    }

    let strength: Strength
    let matches: @Sendable (FileHead) -> Bool
}

/// The start of a file as the detectors look at it.
struct FileHead {
    let bytes: [UInt8]
    /// The first 4 KiB as text.
    let text: String
    /// The text after a byte order mark and blank space.
    let start: Substring
    /// The first 4 KiB upper-cased, each run of spaces and tabs one space.
    let squeezed: String
    /// The file name's extension, lowercase; nil for none.
    let fileExtension: String?

    init(_ bytes: [UInt8], path: String) {
        self.bytes = bytes
        text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        start = text.drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        squeezed = text.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        fileExtension = Self.fileExtension(of: path)
    }

    /// Whether the text starts as a workout's own JSON does, which is never imported.
    var isJSON: Bool { start.hasPrefix("{") || start.hasPrefix("[{") }

    /// The extension of `path`, lowercase; nil when its last part has no dot.
    static func fileExtension(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }
}
