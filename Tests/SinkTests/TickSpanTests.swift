import PacerEngine
import PacerFoundation
import PacerTestSupport
import TerminalRendering
import TerminalSink
import Testing

/// A second's tick is written as spans over the block shown (`BlockFrame.overwrite`), not as a
/// new block read and compared whole: what it writes must still be exactly what changed.
@Suite("Ticks written as spans")
struct TickSpanTests {
    /// The same "random" numbers on every run: a linear congruential generator.
    private struct Numbers {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % max(1, bound)
        }
    }

    // Random spans of one-cell characters in random styles over the rows: the screen shows
    // the spans written over the block, only the cells that differ are written, and the frame
    // knows what is shown after them (drawing the block again writes back exactly those cells).
    @Test func spansWriteExactlyTheCellsThatDifferAndTheFrameKeepsThem() throws {
        var numbers = Numbers(state: 23)
        let pieces = ["a", "b", " ", "█", "░"]
        let styles = ["", "1", "1;31", "2"]
        func text(_ count: Int) -> TerminalText {
            (0..<count).reduce(TerminalText.empty) { text, _ in
                let piece = TerminalText(pieces[numbers.next(pieces.count)])
                let style = styles[numbers.next(styles.count)]
                return text + (style.isEmpty ? piece : .styled(piece, style))
            }
        }
        for round in 0..<300 {
            var frame = BlockFrame()
            let block = (0..<4).map { _ in text(numbers.next(15)) }
            var terminal = TerminalEmulator(columns: 16, rows: 6)
            terminal.write(frame.draw(block, columns: 16, rows: 6, fromDefaultStyle: true))
            let before = terminal
            var expected = terminal
            var spans: [TerminalSpan] = []
            // One span a row at most, as a tick's are: a later one never writes back an earlier one's cells.
            for row in 0..<4 where numbers.next(2) == 0 {
                let column = numbers.next(16)
                let piece = text(1 + numbers.next(16 - column))
                spans.append(TerminalSpan(row: row, column: column, text: piece))
                expected.write("\u{1B}[\(row + 1);\(column + 1)H" + piece.rendered + "\u{1B}[0m")
            }
            terminal.forgetWritten()
            let bytes = frame.overwrite(spans, columns: 16, rows: 6, fromDefaultStyle: true)
            terminal.write(try #require(bytes, "round \(round)"))
            #expect(terminal == expected, "round \(round): \(terminal.lines), expected \(expected.lines)")
            #expect(terminal.written == expected.differences(from: before), "round \(round)")
            terminal.forgetWritten()
            terminal.write(frame.draw(block, columns: 16, rows: 6, fromDefaultStyle: true))
            #expect(terminal == before, "round \(round): the block drawn again")
            #expect(terminal.written == expected.differences(from: before), "round \(round): the block drawn again")
        }
    }

    @Test func spansThatCannotBeWrittenCellByCellAskForTheWholeBlock() {
        var frame = BlockFrame()
        #expect(
            frame.overwrite([TerminalSpan(row: 0, column: 0, text: "x")], columns: 10, rows: 5) == nil, "nothing is known of the screen")
        let block: [TerminalText] = ["深深 wide", "two", "🏋️ lift"]
        _ = frame.draw(block, columns: 10, rows: 5)
        let refused: [(TerminalSpan, String, columns: Int)] = [
            (TerminalSpan(row: 0, column: 6, text: "x"), "another size", 12),
            (TerminalSpan(row: 3, column: 0, text: "x"), "a row the block does not have", 10),
            (TerminalSpan(row: -1, column: 0, text: "x"), "a row above the block", 10),
            (TerminalSpan(row: 0, column: -1, text: "x"), "a column left of the screen", 10),
            (TerminalSpan(row: 1, column: 0, text: "深"), "a wide character", 10),
            (TerminalSpan(row: 1, column: 0, text: "e\u{301}\u{302}\u{303}\u{304}"), "a character of more than one scalar", 10),
            (TerminalSpan(row: 2, column: 0, text: "x"), "a row with an emoji a terminal may measure otherwise", 10),
            (TerminalSpan(row: 0, column: 1, text: "x"), "the right half of a wide character", 10),
            (TerminalSpan(row: 0, column: 2, text: "x"), "the left half of one, cutting off its right", 10),
        ]
        for (span, reason, columns) in refused {
            #expect(frame.overwrite([TerminalSpan(row: 1, column: 0, text: "T"), span], columns: columns, rows: 5) == nil, "\(reason)")
        }
        #expect(frame.draw(block, columns: 10, rows: 5).isEmpty, "a refused set of spans changes nothing, not even its spans before")
        var terminal = TerminalEmulator.showing(block, columns: 10, rows: 5)
        let accepted = [TerminalSpan(row: 0, column: 4, text: "WI"), TerminalSpan(row: 1, column: 5, text: "!")]
        terminal.write(frame.overwrite(accepted, columns: 10, rows: 5) ?? [])
        #expect(terminal.lines == ["深深WIide", "two  !", "🏋️ lift", "", ""], "over whole characters")
    }

    // A clock's glyph rows are read into cells straight from their characters: the piece writes
    // what the styled text would, over the same screen, and leaves the frame knowing the same
    // cells; text that is not one cell a character, or a style longer than a cell holds, falls
    // back to being read as text.
    @Test(
        arguments: ["████  ██", "ab c", " ░▒▓█ ", "e\u{301}x", "深x", "a\u{1B}[2Jb", "🏋️"],
        ["1;31", "", "0", "1;7;33", "1;38;5;208", "31m", "2"])
    func aGlyphRowReadFromItsCharactersWritesWhatItsTextWrites(plain: String, style: String) {
        let block: [TerminalText] = ["0123456789" + "0123456789", .styled("ABCDEFGHIJ", "1;31"), "░░░░░░░░░░░░"]
        let styled = style.isEmpty ? TerminalText(plain) : TerminalText.styled(TerminalText(plain), style)
        var direct = BlockFrame()
        var read = BlockFrame()
        _ = direct.draw(block, columns: 24, rows: 5, fromDefaultStyle: true)
        _ = read.draw(block, columns: 24, rows: 5, fromDefaultStyle: true)
        let written = direct.overwrite(
            [TerminalSpan(row: 1, column: 3, piece: TerminalPiece(plain: plain, styled: style))], columns: 24, rows: 5,
            fromDefaultStyle: true)
        let expected = read.overwrite(
            [TerminalSpan(row: 1, column: 3, piece: TerminalPiece(styled))], columns: 24, rows: 5, fromDefaultStyle: true)
        #expect(written == expected, "\(plain.debugDescription) in \(style.debugDescription)")
        #expect(
            direct.draw(block, columns: 24, rows: 5, fromDefaultStyle: true)
                == read.draw(block, columns: 24, rows: 5, fromDefaultStyle: true),
            "the frames know the same cells afterwards")
    }

    // A session in each size and with colour and without: every tick of a phase is written as
    // spans, every change of what else the display shows (a phase, a pause, a clock one character
    // shorter) draws the block again, and after each the screen shows the display's whole block,
    // with only the cells that changed written.
    @Test(arguments: [(80, 24), (100, 30), (220, 60)], [ColorChoice.always, .never])
    func everyFrameOfASessionShowsTheWholeBlock(size: (columns: Int, rows: Int), color: ColorChoice) throws {
        let screen = RecordingScreen(columns: size.columns, rows: size.rows)
        let sink = TerminalSink(screen: screen, color: color, noColor: false)
        var session = Session([work("Squats", 600, cue: "Chest up"), rest(15)])
        var terminal = TerminalEmulator(columns: size.columns, rows: size.rows)
        var ticks = 0
        var seen = 0
        for event in session.start() { try sink.receive(event) }
        terminal.write(screen.writes.joined())
        seen = screen.writes.count
        #expect(
            terminal == .showing(screen.block, columns: size.columns, rows: size.rows), "\(size) \(color): the first draw shows the block")
        // After each change, the screen shows the block, and only the cells that differ were written.
        func expectWholeBlock(_ moment: String) {
            let before = terminal
            let after = TerminalEmulator.showing(screen.block, columns: size.columns, rows: size.rows)
            terminal.forgetWritten()
            for write in screen.writes[seen...] { terminal.write(write) }
            seen = screen.writes.count
            #expect(terminal == after, "\(size) \(color) at \(moment): \(terminal.lines) for \(screen.block.map(\.plain))")
            #expect(terminal.written == after.differences(from: before), "\(size) \(color) at \(moment): unchanged cells written")
        }
        // 10:00, then 9:59 (a character fewer: drawn whole), then seconds written as spans.
        for moment in [0.5, 1, 1.5, 2, 3, 4, 5] {
            let overwrites = screen.overwrites
            sink.update(session.snapshot(at: moment))
            expectWholeBlock("\(moment) s")
            if moment >= 2 { ticks += screen.overwrites - overwrites }
        }
        #expect(ticks == 4, "\(size) \(color): the ticks from 2 s to 5 s are spans")
        for event in session.command(.pause, at: 5.2) { try sink.receive(event) }
        expectWholeBlock("the pause")
        sink.update(session.snapshot(at: 6))
        expectWholeBlock("a second into the pause")
        for event in session.command(.resume, at: 8) { try sink.receive(event) }
        expectWholeBlock("the resume")
        func tick(at moment: Double) throws {
            for event in session.run(until: moment) {
                try sink.receive(event)
                expectWholeBlock("\(event.name) before \(moment) s")
            }
            sink.update(session.snapshot(at: moment))
            expectWholeBlock("\(moment) s")
        }
        for moment in stride(from: 590.0, through: 607, by: 1) { try tick(at: moment) }
        // The rest lengthened by 5 s: its clock as long as before, its bars shorter, then counting on.
        let overwrites = screen.overwrites
        for event in session.command(.extend(milliseconds: 5000), at: 607.5) { try sink.receive(event) }
        expectWholeBlock("the extend")
        for moment in [608.0, 609, 610] { try tick(at: moment) }
        #expect(screen.overwrites > overwrites, "\(size) \(color): the extend and the seconds after it are spans")
        for event in session.runToEnd() { try sink.receive(event) }
        #expect(screen.block.isEmpty, "the display is gone at the end")
    }
}
