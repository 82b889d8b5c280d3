import Testing

@testable import TerminalDisplay

@Suite("BigDigits")
struct BigDigitsTests {
    private static let characters = Array("0123456789:")

    @Test func thereAreSizesOfFiveSevenElevenAndFifteenRowsAtLeast() {
        let heights = BigDigits.sizes.map(\.height)
        #expect(Set([5, 7, 11, 15]).isSubset(of: heights), "\(heights)")
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "smallest first: \(heights)")
    }

    @Test(arguments: BigDigits.sizes)
    func everyDigitOfASizeIsAsWideAsTheOthersOnEveryRow(digits: BigDigits) throws {
        for character in Self.characters {
            let glyph = try #require(digits.glyph(character))
            let width = character == ":" ? digits.colonWidth : digits.digitWidth
            #expect(glyph.count == digits.height, "\(character) at \(digits.height) rows")
            #expect(glyph.allSatisfy { $0.count == width }, "\(character) at \(digits.height) rows: \(glyph)")
            #expect(glyph.allSatisfy { $0.allSatisfy { $0 == "█" || $0 == " " } })
        }
        let clock = try #require(digits.render("12:34"))
        #expect(clock.allSatisfy { $0.count == digits.width(of: "12:34") })
        #expect(digits.width(of: "12:34") == 4 * digits.digitWidth + digits.colonWidth + 4 * digits.gap)
    }

    @Test(arguments: BigDigits.sizes)
    func everyDigitIsReadable(digits: BigDigits) throws {
        let glyphs = try Self.characters.map { try #require(digits.glyph($0)) }
        #expect(Set(glyphs).count == glyphs.count, "two glyphs look alike at \(digits.height) rows")
        for (character, glyph) in zip(Self.characters, glyphs) where character != ":" {
            // Each digit spans the whole height, so they all stand on one line.
            #expect(glyph.first?.contains("█") == true && glyph.last?.contains("█") == true, "\(character) at \(digits.height) rows")
        }
        // The colon's dots sit as far from the middle above as below.
        let colon = try #require(digits.glyph(":"))
        #expect(colon == colon.reversed(), "\(colon)")
    }

    // The web page's bold digits: about 0.6 as wide as tall (cells are about twice as tall as
    // wide), strokes as thick across as down, a colon about half a digit wide.
    @Test(arguments: BigDigits.sizes.dropFirst())
    func theBiggerSizesHaveTheWebPagesProportions(digits: BigDigits) {
        let aspect = Double(digits.digitWidth) / Double(2 * digits.height)
        #expect(aspect >= 0.55 && aspect <= 0.65, "\(digits.height) rows: \(aspect)")
        #expect(digits.stem == 2 * digits.bar, "\(digits.height) rows")
        let colon = Double(digits.colonWidth) / Double(digits.digitWidth)
        #expect(colon >= 0.4 && colon <= 0.55, "\(digits.height) rows: \(colon)")
    }

    @Test func theSmallestSizeIsTheFontOfBefore() {
        let before: [Character: [String]] = [
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
        for character in Self.characters {
            #expect(BigDigits.sizes[0].glyph(character) == before[character], "\(character)")
        }
        #expect(BigDigits.sizes[0].gap == 1)
    }

    @Test func textTheFontLacksIsNotDrawn() {
        for digits in BigDigits.sizes {
            #expect(digits.render("1:2a") == nil)
            #expect(digits.width(of: "1:2a") == 0)
        }
    }
}

extension BigDigitsTests {
    // Issue 44: a range (190-210) and a missing reading (-) are written in the big digits too.
    @Test(arguments: BigDigits.sizes)
    func theDashIsAMiddleStrokeAsWideAsTheColon(digits: BigDigits) throws {
        let dash = try #require(digits.glyph("-"))
        #expect(dash.count == digits.height && dash.allSatisfy { $0.count == digits.colonWidth }, "\(dash)")
        let full = dash.indices.filter { dash[$0].contains("█") }
        #expect(full.count == digits.bar && dash[full[0]].allSatisfy { $0 == "█" }, "\(dash)")
        #expect(full[0] > 0 && full.last! < digits.height - 1, "in the middle: \(dash)")
        #expect(digits.width(of: "190-210") == 6 * digits.digitWidth + digits.colonWidth + 6 * digits.gap)
    }
}
