import PacerFoundation

extension Plan {
    /// The most phases a `session.start` profile lists; a longer plan has none.
    public static let profileLimit = 1_000

    /// The `profile` of `session.start`: each phase's `start`, `duration` (null for a step without
    /// one), `kind` and targets, in the shape of `show --json`, for a plugin to draw the workout; nil
    /// for a plan of more than `profileLimit` phases.
    public var profileJSON: String? {
        guard phases.count <= Self.profileLimit else { return nil }
        let entries = phases.indices.map { index in
            var object = JSONObjectWriter()
            object.add("start", startOffsets[index])
            object.add("duration", orNull: phases[index].duration)
            object.add("kind", quoted: phases[index].kind.rawValue)
            phases[index].targets.add(to: &object)
            return object.text
        }
        return "[" + entries.joined(separator: ",") + "]"
    }
}
