/// How a YAML workout reaches the files it includes (`!include`): the reader checks each path stays
/// inside the workout's folder tree and hands it here relative to that folder; what reads it
/// (the workout loader) refuses a link out of the tree as well.
public struct YAMLIncludes: Sendable {
    /// The workout file's name in its folder.
    public let file: String
    /// The bytes of the file at a path relative to the workout's folder, or why it cannot be read.
    public let read: @Sendable (String) -> Result<[UInt8], IncludeFailure>

    public init(file: String, read: @escaping @Sendable (String) -> Result<[UInt8], IncludeFailure>) {
        self.file = file
        self.read = read
    }

    /// Why an included file cannot be read.
    public struct IncludeFailure: Error, Sendable {
        public let message: String

        public init(_ message: String) {
            self.message = message
        }
    }

    /// The path `written` names from a file at `from` (both relative to the workout's folder),
    /// `\` read as `/`; nil when it is absolute or climbs out of the folder tree.
    static func resolve(_ written: String, from: String) -> String? {
        let path = written.map { $0 == "\\" ? "/" : $0 }
        guard let first = path.first, first != "/", first != "~" else { return nil }
        var parts = from.split(separator: "/").dropLast().map(String.init)
        for part in String(path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
