/// The exercise a phase stands for when its step does not say: its name without the round numbering.
enum ExerciseName {
    static let placeholders = ["{rounds}", "{round}", "{item}"]
    private static let trailingSeparators: Set<Character> = [" ", "/", "-", ":", "#", "·"]

    /// "Back squat (set {round}/{rounds})" → "Back squat", "Sprint {round}/{rounds}" → "Sprint"; a name
    /// with `{item}` gives the item. Nil when nothing is left (a name that is only a placeholder).
    static func derived(fromName template: String, item: String?) -> String? {
        if let item, template.contains("{item}") { return item }
        guard template.contains("{") else { return template }
        var text = removingBracketedPlaceholders(template)
        for placeholder in placeholders {
            text = text.replacing(placeholder, with: "")
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let trimmed = String(words.reversed().drop { trailingSeparators.contains($0) }.reversed())
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Removes every `(…)` or `[…]` group that holds a placeholder.
    private static func removingBracketedPlaceholders(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "(" || $0 == "[" }) {
            let close: Character = rest[open] == "(" ? ")" : "]"
            result += rest[..<open]
            guard let end = rest[open...].firstIndex(of: close) else {
                rest = rest[open...]
                break
            }
            let group = rest[open...end]
            if !placeholders.contains(where: { group.contains($0) }) { result += group }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
