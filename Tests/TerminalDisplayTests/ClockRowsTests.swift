import PacerFoundation
import PacerTestSupport
import Testing

@testable import TerminalDisplay

@Suite("ClockRows")
struct ClockRowsTests {
    /// The rows made from kept pieces show what the whole clock drawn in one style shows, cell
    /// for cell, as the clock counts down, changes size, style and indent, and grows a character.
    @Test func piecesShowWhatTheWholeClockShows() throws {
        let palette = Palette(enabled: true)
        let clockRows = ClockRows()
        let clocks = ["0:20", "0:19", "0:10", "0:09", "0:01", "0:00", "10:00", "9:59", "1:00:00", "59:59", "7"]
        for digits in BigDigits.sizes.prefix(4) {
            for style in ["1;31", "2", ""] {
                for (step, clock) in clocks.enumerated() {
                    let indent = step % 3
                    let rows = try #require(clockRows.rows(of: clock, digits: digits, style: style, indent: indent, palette: palette))
                    let whole = try #require(digits.render(clock)).map {
                        TerminalText.spaces(indent) + palette.paint(TerminalText($0), style)
                    }
                    let columns = digits.width(of: clock) + indent + 1
                    #expect(
                        TerminalEmulator.showing(rows, columns: columns, rows: digits.height)
                            == TerminalEmulator.showing(whole, columns: columns, rows: digits.height),
                        "\(clock) in \(digits.height) rows, style \(style)")
                }
            }
        }
    }

    /// A clock of one character has no gap before its last character; the next, longer one does.
    @Test func aTailKeptWithoutAHeadIsNotUsedAfterOne() throws {
        let clockRows = ClockRows()
        let digits = BigDigits.sizes[0]
        for clock in ["7", "17", "7"] {
            let rows = try #require(clockRows.rows(of: clock, digits: digits, style: "", indent: 0, palette: Palette(enabled: false)))
            #expect(rows.map(\.plain) == digits.render(clock), "\(clock)")
        }
    }

    @Test func aCharacterTheFontLacksDrawsNothing() {
        let clockRows = ClockRows()
        #expect(clockRows.rows(of: "1:2a", digits: BigDigits.sizes[0], style: "1", indent: 0, palette: Palette(enabled: true)) == nil)
        #expect(clockRows.rows(of: "a:12", digits: BigDigits.sizes[0], style: "1", indent: 0, palette: Palette(enabled: true)) == nil)
        #expect(clockRows.rows(of: "0:12", digits: BigDigits.sizes[0], style: "1", indent: 0, palette: Palette(enabled: true))?.count == 5)
    }
}
