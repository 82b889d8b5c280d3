/// Finding a format in the table: by its name, its file's content or its file's extension.
extension WorkoutFormat {
    /// The formats pacer reads, in the table's order.
    public static var readable: [WorkoutFormat] { all.filter(\.isReadable) }

    /// The formats pacer writes, in the table's order.
    public static var writable: [WorkoutFormat] { all.filter(\.isWritable) }

    /// The format of this name among `formats`, in any case (`--from ZWO`); nil for none.
    public static func named(_ name: String, among formats: [WorkoutFormat]) -> WorkoutFormat? {
        formats.first { $0.name == name.lowercased() }
    }

    /// The format of a file from its content, else its extension; nil for anything else (a
    /// workout's own JSON among them). A signature is looked for first, then JSON is ruled out,
    /// then the formats' shapes and guesses are tried in the table's order.
    public static func detect(_ bytes: [UInt8], path: String) -> WorkoutFormat? {
        let head = FileHead(bytes, path: path)
        if let format = detected(in: head, by: .signature) { return format }
        if head.isJSON { return nil }
        return detected(in: head, by: .shape) ?? detected(in: head, by: .guess) ?? extensionFormat(of: path)
    }

    private static func detected(in head: FileHead, by strength: FormatDetector.Strength) -> WorkoutFormat? {
        readable.first { format in
            guard let detector = format.detector, detector.strength == strength else { return false }
            return detector.matches(head)
        }
    }

    /// The format a file name's extension says, in any case (`ride.ZWO`).
    public static func extensionFormat(of path: String) -> WorkoutFormat? {
        guard let written = FileHead.fileExtension(of: path) else { return nil }
        return readable.first { $0.extensions.contains(written) }
    }

    /// The extension of a file another app may have written (one a format's table entry names,
    /// `.txt` among them, which may be intervals.icu text), lowercase; nil for any other.
    public static func importExtension(of path: String) -> String? {
        guard let written = FileHead.fileExtension(of: path), importExtensions.contains(written) else { return nil }
        return written
    }

    /// Every extension a file pacer reads may have, a workout's own `json` first: the completion
    /// scripts offer these files.
    public static var workoutFileExtensions: [String] {
        ["json"] + importExtensions
    }

    private static var importExtensions: [String] {
        readable.flatMap { $0.extensions + $0.looseExtensions }
    }
}
