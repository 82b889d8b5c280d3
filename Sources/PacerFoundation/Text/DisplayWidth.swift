/// How many terminal cells text takes: East Asian wide and fullwidth characters and emoji take
/// two, combining marks and zero-width characters none, everything else one.
public enum DisplayWidth {
    /// The cells a string takes, character by character: an emoji with a modifier, or a flag,
    /// counts as the one wide character it is.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        if text.unicodeScalars.allSatisfy(isSingleCell) { return text.unicodeScalars.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether `scalar` takes one cell and is a character of its own whatever its neighbours are
    /// (nothing in these blocks combines): printable ASCII, Latin letters and signs, general
    /// punctuation, box drawing and blocks. Text of these alone is measured without grapheme breaking.
    public static func isSingleCell(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x2500...0x259F: true
        default: false
        }
    }

    /// The cells one character (a grapheme cluster, such as an emoji with modifiers) takes.
    public static func of(_ character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars {
            total = max(total, of(scalar))
        }
        return total
    }

    /// The cells one scalar takes on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || (0xFE00...0xFE0F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
