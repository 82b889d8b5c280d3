import PacerFoundation

/// The targets after `@` on a timed or open step (`@ ramp 50-75% 85-95 rpm`), told apart by their
/// unit and put under their file keys, for the decoder to read with the target parsers.
///
/// A target starts with a number, a zone (`Z3`), `ramp` or `free`, and takes the words after it
/// up to the next one that starts a target (`88 - 94 %` and `ramp 50-75 %` are one target each).
/// Its unit says what it is: `rpm` is a cadence; `bpm`, `HR`, `LTHR` or `max` a heart rate;
/// `/km`, `/mi`, `/100m` or a last word `pace` a pace (the word is dropped: `95% pace` is 95 %
/// of threshold pace, `Z3 pace` a pace zone); anything else (`%`, `W`, a bare `Z3`, `ramp`,
/// `free`) a power target. Values in brackets are one per round of the repeat around the step,
/// each with what surrounds the brackets: `[100,105,110]%`, `[Z2,Z3] HR`, `ramp [50-75,60-80]%`.
struct NotationTargets {
    /// One target: its file key, its text for the target parser (one per round when written in
    /// brackets) and its column.
    struct Target {
        let key: String
        let texts: [String]
        let isPerRound: Bool
        let column: Int
    }

    /// The units a target may end with, for a did-you-mean.
    private static let units = ["%", "w", "bpm", "%lthr", "lthr", "hr", "%max", "max", "rpm", "/km", "/mi", "/100m", "pace"]
    static let examples =
        "power (90%, 88-94%, 250 W, Z3, ramp 50-75%, free), heart rate (140-150 bpm, 85-90% LTHR, 75% max, Z2 HR), "
        + "pace (4:00/km, 7:00/mi, 1:45/100m, 95% pace, Z3 pace) or cadence (90 rpm)"

    let targets: [Target]

    /// Splits `words` (each with its column) into targets; refuses a word that cannot start one,
    /// an unknown unit and two targets of one kind.
    init(words: [(text: String, column: Int)]) throws(NotationSyntaxError) {
        var groups: [(words: [String], column: Int)] = []
        for word in words {
            if let last = groups.last?.words.last, Self.continues(last, with: word.text) || !Self.startsTarget(word.text) {
                groups[groups.count - 1].words.append(word.text)
            } else if Self.startsTarget(word.text) {
                groups.append(([word.text], word.column))
            } else {
                throw NotationSyntaxError(
                    column: word.column,
                    message:
                        "unexpected \"\(word.text)\": a target starts with a number, a zone, ramp or free; after @ write \(Self.examples)")
            }
        }
        var targets: [Target] = []
        var written: [String: String] = [:]
        for group in groups {
            let text = group.words.joined(separator: " ")
            let rounds = Self.rounds(of: text)
            let first = try Self.target(rounds?.first ?? text, column: group.column)
            let texts =
                try rounds.map { rounds throws(NotationSyntaxError) in
                    try rounds.map { round throws(NotationSyntaxError) in try Self.target(round, column: group.column).texts[0] }
                } ?? first.texts
            if let earlier = written[first.key] {
                let kind = first.key.replacing("_", with: " ")
                throw NotationSyntaxError(
                    column: group.column, message: "a second \(kind) target (\(earlier) and \(text)): a step has one \(kind) target")
            }
            written[first.key] = text
            targets.append(Target(key: first.key, texts: texts, isPerRound: rounds != nil, column: group.column))
        }
        self.targets = targets
    }

    /// `ramp [50-75,60-80]%` as `ramp 50-75%` and `ramp 60-80%`: each value in the brackets with
    /// what surrounds them; nil without brackets.
    private static func rounds(of text: String) -> [String]? {
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return nil }
        let (before, after) = (text[..<open], text[text.index(after: close)...])
        return text[text.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false).map {
            String(before) + String($0).trimmingSpaces() + String(after)
        }
    }

    /// The target `text` stands for, by its unit.
    private static func target(_ text: String, column: Int) throws(NotationSyntaxError) -> Target {
        let lowered = text.lowercased()
        if lowered.hasSuffix("pace") {
            return Target(key: "pace", texts: [String(text.dropLast(4)).trimmingSpaces()], isPerRound: false, column: column)
        }
        let key = kind(of: lowered)
        guard key == "power" else { return Target(key: key, texts: [text], isPerRound: false, column: column) }
        let written = WrittenTarget(text)
        let isZone = lowered.first == "z" && lowered.dropFirst().first?.isNumber == true
        if !written.first.isEmpty, !isZone, !["", "%", "w", "%ftp"].contains(written.unit) {
            let near = Suggestion.closest(to: written.unit, among: units)
            throw NotationSyntaxError(
                column: column,
                message: "unknown target unit \"\(written.writtenUnit)\"" + (near.map { " (did you mean \"\($0)\"?)" } ?? "")
                    + ": after @ write \(examples)")
        }
        return Target(key: key, texts: [text], isPerRound: false, column: column)
    }

    /// The file key of a target by the end of its text, lower-cased (`pace` is told apart before).
    private static func kind(of lowered: String) -> String {
        let compact = lowered.filter { $0 != " " && $0 != "\t" }
        if compact.hasSuffix("rpm") { return "cadence" }
        if ["bpm", "hr", "max"].contains(where: compact.hasSuffix) { return "heart_rate" }
        if ["/km", "/mi", "/100m"].contains(where: compact.hasSuffix) { return "pace" }
        return "power"
    }

    /// Whether a weight of a rep step reads as a target it cannot take: in watts, a cadence, a heart
    /// rate other than `% max` (a share of a maximum lift), a pace, a ramp or a zone. A share
    /// (`80%`) and `free` stay weights.
    static func isTargetOnly(_ weight: String) -> Bool {
        let written = WrittenTarget(weight)
        let lowered = written.text.lowercased()
        if written.isRamp { return true }
        if lowered.first == "z", lowered.dropFirst().first?.isNumber == true { return true }
        guard !written.first.isEmpty else { return false }
        if written.unit == "w" || lowered.hasSuffix("pace") { return true }
        return kind(of: lowered) != "power" && written.unit != "%max"
    }

    /// Whether `word` starts a target: a number, a zone, `ramp` or `free`.
    private static func startsTarget(_ word: String) -> Bool {
        let lowered = word.lowercased()
        guard let first = lowered.first else { return false }
        if first.isASCII && first.isNumber || first == "[" { return true }
        if first == "z", lowered.dropFirst().first.map({ $0.isASCII && $0.isNumber }) == true { return true }
        return lowered == "ramp" || lowered == "free" || lowered.hasPrefix("ramp") && lowered.dropFirst(4).first?.isNumber == true
    }

    /// Whether `word` still belongs to the target that `last` ends: after `ramp`, or a range's dash.
    private static func continues(_ last: String, with word: String) -> Bool {
        last.lowercased() == "ramp" || last.hasSuffix("-") || last.hasSuffix("–") || word.hasPrefix("-") || word.hasPrefix("–")
    }
}
