/// A five-row block font for the digits and the colon, readable from across the room.
enum BigDigits {
    static let height = 5

    private static let glyphs: [Character: [String]] = [
        "0": ["█████", "█   █", "█   █", "█   █", "█████"],
        "1": ["   █ ", "  ██ ", "   █ ", "   █ ", "  ███"],
        "2": ["█████", "    █", "█████", "█    ", "█████"],
        "3": ["█████", "    █", " ████", "    █", "█████"],
        "4": ["█   █", "█   █", "█████", "    █", "    █"],
        "5": ["█████", "█    ", "█████", "    █", "█████"],
        "6": ["█████", "█    ", "█████", "█   █", "█████"],
        "7": ["█████", "    █", "   █ ", "  █  ", "  █  "],
        "8": ["█████", "█   █", "█████", "█   █", "█████"],
        "9": ["█████", "█   █", "█████", "    █", "█████"],
        ":": ["   ", " █ ", "   ", " █ ", "   "],
    ]

    /// The rows of `text` in the block font, or nil if it has a character the font lacks.
    static func render(_ text: String) -> [String]? {
        var rows = [String](repeating: "", count: height)
        for character in text {
            guard let glyph = glyphs[character] else { return nil }
            for row in 0..<height {
                rows[row] += (rows[row].isEmpty ? "" : " ") + glyph[row]
            }
        }
        return rows
    }

    /// The width in cells `render(text)` takes.
    static func width(of text: String) -> Int {
        render(text)?.first?.count ?? 0
    }
}
