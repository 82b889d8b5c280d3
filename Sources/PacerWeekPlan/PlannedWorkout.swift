import PacerWorkout

/// The workout an entry plans, as the user wrote it: a name on the search path (`seven-minute`),
/// a file (`~/w/hills.json`), or a line of notation (`10s prepare, 8x(20s Sprint, 10s rest)`).
public struct PlannedWorkout: Sendable, Hashable, CustomStringConvertible {
    public let reference: String
    /// The reference's file name without its folder and `.json`, which a session's file is matched by.
    let stem: String

    public init(_ reference: String) {
        self.reference = reference
        stem = Self.stem(of: reference)
    }

    public var description: String { reference }

    /// Whether a session recorded as `workout` from `file` ran this workout: a file of the same
    /// name (`seven-minute` is `<built-in>/seven-minute.json`, `~/w/seven-minute.json` and
    /// `./workouts/seven-minute.json` alike, so an edited copy still counts), or the same line of
    /// notation.
    public func matches(workout: String, file: String) -> Bool {
        matches(workout: workout, file: file, fileStem: Self.stem(of: file))
    }

    /// `matches(workout:file:)` for a file whose stem is known.
    func matches(workout: String, file: String, fileStem: String) -> Bool {
        if fileStem == stem { return true }
        return file == NotationWorkout.label && NotationWorkout.looksLikeNotation(reference)
            && workout == NotationWorkout.defaultName(for: reference)
    }

    /// What `pacer run` is given to run it: a relative path taken from `folder` (the plan's own,
    /// as the config's paths are), `~/` from `home`, anything else as written.
    public func runnable(from folder: String, home: String) -> String {
        guard isPath, !reference.hasPrefix("/") else { return reference }
        if reference.hasPrefix("~/") { return home + reference.dropFirst() }
        return folder + "/" + reference
    }

    /// Whether the reference is a file's path rather than a name or notation.
    var isPath: Bool {
        reference.hasSuffix(".json") || reference.contains("/") && !NotationWorkout.looksLikeNotation(reference)
    }

    /// A file's name without its folder and `.json`.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }
}
