import PacerFoundation

/// The exercise a phase stands for when its step does not say: its name without the round numbering,
/// read from the name as written (with placeholders) or as shown (with the numbers filled in).
public enum ExerciseName {
    static let placeholders = ["{rounds}", "{round}", "{item}"]
    private static let trailingSeparators: Set<Character> = [" ", "/", "-", ":", "#", "·"]

    /// "Back squat (set {round}/{rounds})" → "Back squat", "Sprint {round}/{rounds}" → "Sprint"; a name
    /// with `{item}` gives the item. Nil when there is nothing to remove, or nothing is left (a name that
    /// is only a placeholder).
    static func derived(fromName template: String, item: String?) -> String? {
        if let item, template.mentionsItem { return item }
        guard template.contains("{") else { return template }
        return stripped(template, groupIsNumbering: { group in placeholders.contains { group.contains($0) } }) { text in
            placeholders.reduce(text) { $0.replacing($1, with: "") }
        }
    }

    /// The same rule on a name as shown, where `{round}/{rounds}` is a fraction N/M with 1 ≤ N ≤ M:
    /// every `(…)` or `[…]` group that ends in one, after words without digits, is removed
    /// ("Back squat (set 3/5)" → "Back squat"), then one at the end after a separator ("Sprint 3/8",
    /// "Lunge · 2/3"), then trailing separators. A name with no such fraction ("Push-ups (wide)",
    /// "21-15-9"), or nothing but one ("3/8"), is its own exercise, exactly as written.
    public static func derived(fromShown name: String) -> String {
        stripped(name, groupIsNumbering: isNumberedGroup, removingNumbering: removingTrailingFraction) ?? name
    }

    /// Removes the bracketed groups that are numbering, then the rest of the numbering, then
    /// doubled spaces and trailing separators; nil when nothing was removed or nothing is left.
    private static func stripped(
        _ text: String, groupIsNumbering: (Substring) -> Bool, removingNumbering: (String) -> String
    ) -> String? {
        let remaining = removingNumbering(removingGroups(of: text, where: groupIsNumbering))
        guard remaining != text else { return nil }
        let words = remaining.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let trimmed = droppingTrailing(Substring(words), while: trailingSeparators.contains)
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// Removes every `(…)` or `[…]` group for which `isNumbering` holds.
    private static func removingGroups(of text: String, where isNumbering: (Substring) -> Bool) -> String {
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
            if !isNumbering(group) { result += group }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// "(set 3/5)", "[2/4]": a group whose text ends in a round fraction with no other digit before it.
    private static func isNumberedGroup(_ group: Substring) -> Bool {
        let inside = droppingTrailing(group.dropFirst().dropLast()) { $0 == " " }
        guard let start = fractionStart(in: inside) else { return false }
        return !inside[..<start].contains(where: \.isASCIIDigit)
    }

    /// "Sprint 3/8" → "Sprint ", "Press - 2/4:" → "Press - ": the round fraction at the end, after
    /// trailing separators, when a separator or nothing comes before it.
    private static func removingTrailingFraction(_ text: String) -> String {
        let body = droppingTrailing(Substring(text), while: trailingSeparators.contains)
        guard let start = fractionStart(in: body),
            start == body.startIndex || trailingSeparators.contains(body[body.index(before: start)])
        else { return text }
        return String(body[..<start])
    }

    /// Where the fraction N/M (spaces allowed around the slash, 1 ≤ N ≤ M) that ends `text` starts, if it does.
    private static func fractionStart(in text: Substring) -> String.Index? {
        let beforeRounds = droppingTrailing(text) { $0.isASCIIDigit }
        let rounds = text[beforeRounds.endIndex...]
        let slash = droppingTrailing(beforeRounds) { $0 == " " }
        guard slash.last == "/" else { return nil }
        let beforeSlash = droppingTrailing(slash.dropLast()) { $0 == " " }
        let roundStart = droppingTrailing(beforeSlash) { $0.isASCIIDigit }.endIndex
        guard let round = Int(beforeSlash[roundStart...]), let count = Int(rounds), round >= 1, round <= count else { return nil }
        return roundStart
    }

    /// `text` without the run of characters at its end for which `drop` holds.
    private static func droppingTrailing(_ text: Substring, while drop: (Character) -> Bool) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, drop(text[text.index(before: end)]) { end = text.index(before: end) }
        return text[..<end]
    }
}
