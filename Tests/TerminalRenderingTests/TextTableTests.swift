import TerminalRendering
import Testing

@testable import PacerFoundation

@Suite("Text tables")
struct TextTableTests {
    @Test func columnsAlignByCellsNotBytesAndTheLastColumnIsNotPadded() {
        var table = TextTable([.right, .left, .left])
        table.append(["#", "kind", "name"])
        table.append(["9", TerminalText.styled("work", "1;31"), "Squats"])
        table.append(["10", "rest", "日本"])
        table.append(["100", "warmup", "Crème brûlée"])
        #expect(
            table.lines(indent: "  ").map(\.rendered) == [
                "    #  kind    name",
                "    9  \u{1B}[1;31mwork\u{1B}[0m    Squats",
                "   10  rest    日本",
                "  100  warmup  Crème brûlée",
            ])
    }

    @Test func emptyCellsAtTheEndOfARowAddNothingAndShortRowsStopEarly() {
        var table = TextTable([.left, .right, .left])
        table.append(["total", "12 phases", "8m"])
        table.append(["a", "", ""])
        table.append(["", "", "a cue under the row"])
        table.append(["b"])
        table.append(["", "1", "", ""])
        #expect(
            table.lines(separator: " | ").map(\.rendered) == [
                "total | 12 phases | 8m",
                "a",
                "      |           | a cue under the row",
                "b",
                "      |         1",
            ])
    }

    @Test func gapsWiderThanOnePieceOfSpacesAreFilled() {
        var table = TextTable([.right, .left])
        let wide = String(repeating: "x", count: 150)
        table.append([TerminalText(wide), "end"])
        table.append(["1", "end"])
        #expect(table.lines().map(\.rendered) == [wide + "  end", String(repeating: " ", count: 149) + "1  end"])
    }

    @Test func appendSpacesAddsExactlyTheCount() {
        for count in [-3, 0, 1, 63, 64, 65, 200] {
            var text: TerminalText = "a"
            text.appendSpaces(count)
            #expect(text.rendered == "a" + String(repeating: " ", count: max(0, count)), "\(count)")
        }
    }

    @Test func anIntegerInterpolatesAsItsDigits() {
        let count = -42
        let text: TerminalText = "\(count) phases, \(Int.max)"
        #expect(text.rendered == "-42 phases, \(Int.max)")
    }
}
