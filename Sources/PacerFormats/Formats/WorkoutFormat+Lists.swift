/// The table in words, for help and messages: every list of formats a user reads is made here.
extension WorkoutFormat {
    /// The names of `formats` as a choice: "zwo, erg, mrc, icu or fit".
    public static func names(of formats: [WorkoutFormat], or last: String = "or") -> String {
        listed(formats.map(\.name), last: last)
    }

    /// The apps of `formats`: "Zwift, ERG, MRC, intervals.icu, YAML and FIT".
    public static func apps(of formats: [WorkoutFormat], last: String = "and") -> String {
        listed(formats.map(\.app), last: last)
    }

    /// The titles of `formats`, as a message says what a file is not:
    /// "a Zwift workout (.zwo), an ERG course file, ... nor a Garmin FIT workout (.fit)".
    public static func titles(of formats: [WorkoutFormat], last: String) -> String {
        listed(formats.map(\.title), last: last)
    }

    /// The usual extension of each format that has one: ".zwo, .erg, .mrc, .yaml, .fit".
    public static func usualExtensions(of formats: [WorkoutFormat]) -> String {
        formats.compactMap { $0.extensions.first.map { "." + $0 } }.joined(separator: ", ")
    }

    private static func listed(_ words: [String], last: String) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(last) " + words[words.count - 1]
    }
}
