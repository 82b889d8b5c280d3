import PacerFoundation

/// Words for a speech engine: text from a workout file made safe and short, and numbers and
/// durations as a coach says them.
public enum SpokenText {
    /// The most characters one piece of workout text (a name, a cue) may add to an utterance.
    public static let maximumLength = 120

    /// `text` as it may be spoken, or nil when nothing sayable is left. Control characters,
    /// invisible formatting and square brackets (phoneme and command markup to some engines)
    /// become spaces; runs of spaces become one; leading dashes go, so no engine can take the
    /// text for an option; `1/8` becomes `1 of 8`; and text longer than `limit` characters is
    /// cut at a word. Only the first `limit` characters of a huge string are ever looked at.
    public static func clean(_ text: String, limit: Int = maximumLength) -> String? {
        var kept: [Unicode.Scalar] = []
        var pendingSpace = false
        var truncated = false
        for scalar in text.unicodeScalars {
            if isSeparator(scalar) {
                pendingSpace = !kept.isEmpty
                continue
            }
            if kept.isEmpty && (scalar == "-" || scalar == "\u{2212}") { continue }
            if kept.count + (pendingSpace ? 2 : 1) > limit {
                truncated = true
                break
            }
            if pendingSpace { kept.append(" ") }
            pendingSpace = false
            kept.append(scalar)
        }
        if truncated, let space = kept.lastIndex(of: " "), space > limit / 2 {
            kept.removeSubrange(space...)
        }
        guard !kept.isEmpty else { return nil }
        var result = String.UnicodeScalarView()
        for (position, scalar) in kept.enumerated() {
            if scalar == "/", position > 0, position + 1 < kept.count, isDigit(kept[position - 1]), isDigit(kept[position + 1]) {
                result.append(contentsOf: " of ".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A countdown number as a word: `three`; numbers past ten as digits.
    public static func number(_ value: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return words.indices.contains(value) ? words[value] : String(value)
    }

    /// A length as a coach says it: `30 seconds`, `1 minute 30 seconds`, `2.5 seconds`, `1 hour 5 minutes`.
    public static func duration(_ duration: WorkoutDuration) -> String {
        let milliseconds = max(0, duration.milliseconds)
        if milliseconds % 1000 != 0 && milliseconds < 60_000 {
            return "\(Decimal3(milliseconds).text) seconds"
        }
        let total = milliseconds / 1000
        let parts = [(total / 3600, "hour"), (total % 3600 / 60, "minute"), (total % 60, "second")]
            .filter { $0.0 > 0 }
            .map { counted($0.0, $0.1) }
        return parts.isEmpty ? counted(0, "second") : parts.joined(separator: " ")
    }

    /// `1 rep`, `5 reps`.
    public static func counted(_ count: Int64, _ unit: String) -> String {
        "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: true
        case 0x5B, 0x5D: true
        default: scalar.properties.isWhitespace
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}
