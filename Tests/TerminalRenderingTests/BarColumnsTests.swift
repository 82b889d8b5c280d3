import PacerFoundation
import TerminalRendering
import Testing

/// The block-character bar chart body that `pacer show`'s profile is drawn with.
@Suite("bar columns")
struct BarColumnsTests {
    @Test func aBarRisesInEighthsOfARow() {
        // 1.5 rows: a full bottom cell and a half (▄) above; 0.3 row: 2.4 eighths, ▂.
        let rows = BarColumns.rows([.bar(rows: 1.5, style: ""), .bar(rows: 0.3, style: ""), .bar(rows: 2, style: "")], height: 2)
        #expect(rows.map(\.plain) == ["▄ █", "█▂█"])
    }

    @Test func aBarAboveZeroShowsAtLeastAnEighthAndNoneGoesOverTheTop() {
        let rows = BarColumns.rows(
            [.bar(rows: 0.01, style: ""), .bar(rows: 0, style: ""), .bar(rows: 9, style: ""), .bar(rows: .nan, style: "")], height: 1)
        #expect(rows.map(\.plain) == ["▁ █"])
    }

    @Test func aMarkIsInTheBottomRowOnly() {
        let rows = BarColumns.rows([.mark("░", style: ""), .bar(rows: 2, style: "")], height: 2)
        #expect(rows.map(\.plain) == [" █", "░█"])
    }

    @Test func aRunIsStyledOnceBlanksNeverAndTheRowEndsAtItsLastGlyph() {
        let rows = BarColumns.rows(
            [
                .bar(rows: 1, style: "33"), .bar(rows: 1, style: "33"), .bar(rows: 0, style: "33"), .bar(rows: 1, style: "34"),
                .bar(rows: 0, style: "34"),
            ], height: 1)
        #expect(rows.map(\.rendered) == ["\u{1B}[33m██\u{1B}[0m \u{1B}[34m█\u{1B}[0m"])
    }
}
